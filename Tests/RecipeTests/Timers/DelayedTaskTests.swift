import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct DelayedTaskTests {
    /// One delayed action: how to schedule it with a delay and a log, and the one line it logs.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let delay: Duration
        let expected: String
        let schedule: @Sendable (Duration, @escaping @Sendable (String) -> Void) async -> Void
    }

    /// The classic examples' 3 s, 2 s, 2 s and 1 s delays, at a hundredth.
    static let cases: [Case] = [
        Case(testDescription: "legacy printString", delay: .milliseconds(30), expected: "Grand Central Dispatch") {
            Legacy.DelayedTask.printString(after: $0, log: $1)
        },
        Case(testDescription: "modern printString", delay: .milliseconds(30), expected: "Grand Central Dispatch") {
            Modern.DelayedTask.printString(after: $0, log: $1)
        },
        Case(testDescription: "legacy processSomething", delay: .milliseconds(20), expected: "Processing…") {
            Legacy.DelayedTask.processSomething(after: $0, log: $1)
        },
        Case(testDescription: "modern processSomething", delay: .milliseconds(20), expected: "Processing…") {
            Modern.DelayedTask.processSomething(after: $0, log: $1)
        },
        Case(testDescription: "legacy foo → bar", delay: .milliseconds(20), expected: "bar") {
            Legacy.DelayedTask.foo(after: $0, log: $1)
        },
        Case(testDescription: "modern foo → bar", delay: .milliseconds(20), expected: "bar") {
            await Modern.DelayedTask.foo(after: $0, log: $1)
        },
        Case(
            testDescription: "legacy prompt, no photos", delay: .milliseconds(10),
            expected: "Add photos with faces to Googlyify them!"
        ) { delay, log in
            Legacy.DelayedTask.showOrHideNavPrompt(after: delay, photoCount: { 0 }) { prompt in
                dispatchPrecondition(condition: .onQueue(.main))
                log(prompt ?? "nil")
            }
        },
        Case(
            testDescription: "modern prompt, no photos", delay: .milliseconds(10),
            expected: "Add photos with faces to Googlyify them!"
        ) { delay, log in
            Modern.DelayedTask.showOrHideNavPrompt(after: delay, photoCount: { 0 }) { @MainActor prompt in
                MainActor.assertIsolated()
                log(prompt ?? "nil")
            }
        },
        Case(testDescription: "legacy prompt, 3 photos", delay: .milliseconds(10), expected: "nil") { delay, log in
            Legacy.DelayedTask.showOrHideNavPrompt(after: delay, photoCount: { 3 }) { log($0 ?? "nil") }
        },
        Case(testDescription: "modern prompt, 3 photos", delay: .milliseconds(10), expected: "nil") { delay, log in
            Modern.DelayedTask.showOrHideNavPrompt(after: delay, photoCount: { 3 }) { @MainActor in log($0 ?? "nil") }
        },
    ]

    @Test(arguments: cases)
    func runsExactlyOnceAndNeverBeforeItsDelay(_ testCase: Case) async throws {
        let recorder = Recorder()
        let (stamps, stamp) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
        let scheduledAt = ContinuousClock.now
        await testCase.schedule(testCase.delay) { line in
            recorder.log(line)
            stamp.yield(.now)
        }
        var iterator = stamps.makeAsyncIterator()
        let firedAt = try #require(await iterator.next())
        #expect(scheduledAt.duration(to: firedAt) >= testCase.delay)
        try await Task.sleep(for: testCase.delay * 3)  // a second line would have to arrive by now
        #expect(recorder.lines == [testCase.expected])
    }

    @Test func legacyMainQueueBlocksRunOnTheMainQueue() async {
        await withCheckedContinuation { done in
            Legacy.DelayedTask.printString(after: .milliseconds(5)) { _ in
                dispatchPrecondition(condition: .onQueue(.main))
                done.resume()
            }
        }
        await withCheckedContinuation { done in
            Legacy.DelayedTask.foo(after: .milliseconds(5)) { _ in
                dispatchPrecondition(condition: .onQueue(.main))
                done.resume()
            }
        }
    }

    @Test func modernTaskStartedOnTheMainActorInheritsIt() async throws {
        try await Modern.DelayedTask.foo(after: .milliseconds(5)) { _ in MainActor.assertIsolated() }.value
        try await Modern.DelayedTask.printString(after: .milliseconds(5)) { _ in MainActor.assertIsolated() }.value
    }

    @Test func bothSidesReadThePhotoCountWhenTheDelayIsOver() async throws {
        let delay = Duration.milliseconds(10)
        let legacyReadAt = await withCheckedContinuation { done in
            let scheduledAt = ContinuousClock.now
            Legacy.DelayedTask.showOrHideNavPrompt(
                after: delay,
                photoCount: {
                    done.resume(returning: scheduledAt.duration(to: .now))
                    return 0
                },
                setPrompt: { _ in }
            )
        }
        #expect(legacyReadAt >= delay)

        let scheduledAt = ContinuousClock.now
        let readAt = ReadTime()
        try await Modern.DelayedTask.showOrHideNavPrompt(
            after: delay,
            photoCount: {
                readAt.elapsed = scheduledAt.duration(to: .now)
                return 0
            },
            setPrompt: { _ in }
        ).value
        #expect(try #require(await readAt.elapsed) >= delay)
    }

    /// `asyncAfter(deadline: .now() + d)` fixes its deadline at the call. So do the modern
    /// functions: scheduled from the main actor, which then stays busy for 10 s of the clock, each
    /// task sleeps until the call's time plus its delay, not until 10 s plus its delay.
    @MainActor @Test func theDeadlineIsTakenAtTheCallNotWhenTheTaskFirstRuns() async throws {
        let clock = ManualTestClock()
        let recorder = Recorder()
        let tasks = [
            Modern.DelayedTask.printString(after: .seconds(3), clock: clock, log: recorder.logger),
            Modern.DelayedTask.processSomething(after: .seconds(2), clock: clock, log: recorder.logger),
            Modern.DelayedTask.foo(after: .seconds(2), clock: clock, log: recorder.logger),
            Modern.DelayedTask.showOrHideNavPrompt(after: .seconds(1), clock: clock, photoCount: { 0 }) {
                recorder.log($0 ?? "nil")
            },
        ]
        clock.advance(by: .seconds(10))  // before the main actor is free to start any task
        try await eventually { clock.deadlines.count >= tasks.count }
        #expect(clock.deadlines.map(\.offset).sorted() == [.seconds(1), .seconds(2), .seconds(2), .seconds(3)])
        clock.advance(by: .seconds(3))  // also wakes a task that counted from its own start
        for task in tasks { try await task.value }
        #expect(recorder.lines.count == tasks.count)
    }

    @Test func modernDelayedWorkCanBeAwaited() async throws {
        let recorder = Recorder()
        try await Modern.DelayedTask.processSomething(after: .milliseconds(5), log: recorder.logger).value
        #expect(recorder.lines == ["Processing…"])
    }

    /// Where the modern prompt's main-actor count closure writes down when it ran.
    @MainActor final class ReadTime {
        var elapsed: Duration?
    }
}
