import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct CancellableDelayTests {
    static let delay = Duration.milliseconds(10)

    @Test func legacyNotCancelledRunsOnceAfterTheDelay() async throws {
        let recorder = Recorder()
        let scheduledAt = ContinuousClock.now
        let firedAt = await withCheckedContinuation { fired in
            _ = Legacy.CancellableDelay.schedule(after: Self.delay) {
                recorder.log("hint")
                fired.resume(returning: ContinuousClock.now)
            }
        }
        #expect(scheduledAt.duration(to: firedAt) >= Self.delay)
        try await Task.sleep(for: Self.delay * 3)
        #expect(recorder.lines == ["hint"])
    }

    @Test func modernNotCancelledRunsOnceAfterTheDelay() async throws {
        let recorder = Recorder()
        let scheduledAt = ContinuousClock.now
        try await Modern.CancellableDelay.schedule(after: Self.delay) { recorder.log("hint") }.value
        #expect(scheduledAt.duration(to: .now) >= Self.delay)
        #expect(recorder.lines == ["hint"])
    }

    @Test func cancelledBeforeTheDeadlineRecordsNothing() async throws {
        let legacy = Recorder()
        let item = Legacy.CancellableDelay.schedule(after: Self.delay) { legacy.log("hint") }
        item.cancel()

        let modern = Recorder()
        let task = await Modern.CancellableDelay.schedule(after: Self.delay) { modern.log("hint") }
        task.cancel()

        try await Task.sleep(for: Self.delay * 3)
        #expect(item.isCancelled)
        #expect(legacy.lines.isEmpty)
        #expect(modern.lines.isEmpty)
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// Difference: a cancelled task is woken at once and can be awaited; a cancelled work item
    /// simply never runs, and there is nothing to await.
    @Test func cancelledTaskEndsAtOnceWithCancellationError() async {
        let recorder = Recorder()
        let task = await Modern.CancellableDelay.schedule(after: .seconds(3600)) { recorder.log("hint") }
        task.cancel()
        let result = await task.result  // returns long before the hour is up: the sleep throws at once
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(recorder.lines.isEmpty)
    }

    /// Difference: `DispatchWorkItem.cancel()` doesn't stop an item that already started, while a
    /// started task can see its cancellation and stop between steps.
    @Test func cancelDoesNotStopAStartedWorkItemButAStartedTaskSeesIt() async {
        // Legacy: the item blocks its own (private) queue's thread on a semaphore the test opens.
        let legacy = Recorder()
        let proceed = DispatchSemaphore(value: 0)
        let (legacyEvents, legacyEvent) = AsyncStream.makeStream(of: String.self)
        let item = Legacy.CancellableDelay.schedule(after: .zero, on: DispatchQueue(label: "cancellable-delay-test")) {
            legacy.log("started")
            legacyEvent.yield("started")
            proceed.wait()
            legacy.log("finished")
            legacyEvent.yield("finished")
        }
        var legacyIterator = legacyEvents.makeAsyncIterator()
        #expect(await legacyIterator.next() == "started")
        item.cancel()
        proceed.signal()
        #expect(await legacyIterator.next() == "finished")
        #expect(item.isCancelled)
        #expect(legacy.lines == ["started", "finished"])

        // Modern: the action awaits a gate; cancellation ends that wait, and the action checks.
        let modern = Recorder()
        let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
        let (gate, gateKeeper) = AsyncStream.makeStream(of: Void.self)  // never opened: only cancellation ends the wait
        let task = await Modern.CancellableDelay.schedule(after: .zero) {
            modern.log("started")
            startedSignal.yield()
            for await _ in gate { break }
            if Task.isCancelled {
                modern.log("saw the cancellation, stopped")
                return
            }
            modern.log("finished")
        }
        for await _ in started { break }
        task.cancel()
        #expect((try? await task.value) != nil)  // the action returned normally, having stopped early
        #expect(modern.lines == ["started", "saw the cancellation, stopped"])
        gateKeeper.finish()
    }

    /// The sleep ends while the main actor is busy, and the main actor then cancels the task
    /// before the action's turn: the check after the sleep, on the main actor, stops the action,
    /// as the main queue skips a cancelled work item. A task that ran off the main actor, or did
    /// not check again, would show the hint and report success.
    @MainActor @Test func aCancelOnTheMainActorAfterTheSleepEndedStillStopsTheAction() async throws {
        let clock = ManualTestClock()
        let recorder = Recorder()
        let task = Modern.CancellableDelay.schedule(after: .seconds(1), clock: clock) {
            recorder.log("hint")
        }
        try await clock.waitForSleepers(1)
        let woke = clock.signal(afterWakeUps: 1)
        clock.advance(by: .seconds(1))
        woke.wait()  // the main actor stays busy until the sleep has returned
        task.cancel()  // on the main actor, before the task gets it back
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(recorder.lines.isEmpty)
    }

    /// The deadline is the call's time plus the delay, as `asyncAfter`'s is: time the main actor
    /// spends busy before the task first runs is not added to the delay.
    @MainActor @Test func theDeadlineIsFixedWhenScheduled() async throws {
        let clock = ManualTestClock()
        let recorder = Recorder()
        let task = Modern.CancellableDelay.schedule(after: .seconds(1), clock: clock) {
            recorder.log("hint")
        }
        clock.advance(by: .seconds(5))  // the main actor is busy for 5 s before the task starts
        try await eventually { !clock.deadlines.isEmpty }
        #expect(clock.deadlines == [ManualTestClock.Instant(offset: .seconds(1))])
        clock.advance(by: .seconds(1))  // also wakes a sleep that counted from the task's start
        try await task.value
        #expect(recorder.lines == ["hint"])
    }

    /// Expected bug: `try? await Task.sleep` swallows the cancellation, so the sleep ends at once
    /// and the action runs anyway, instead of never.
    @Test func trySleepSwallowsCancellation() async {
        let recorder = Recorder()
        let buggy = Task {
            try? await Task.sleep(for: .seconds(3600))
            recorder.log("hint")
        }
        buggy.cancel()
        await buggy.value
        #expect(recorder.lines == ["hint"])

        let correct = await Modern.CancellableDelay.schedule(after: .seconds(3600)) { recorder.log("hint") }
        correct.cancel()
        _ = await correct.result
        #expect(recorder.lines == ["hint"])
    }
}
