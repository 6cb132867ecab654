import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// The blocking reads on the shared threads (the pool, or GCD's global queues) run only in a
/// child process (`compare --demo`); the reads on an executor or a queue of their own run here.
@Suite(.serialized) struct BlockingIOTests {
    static let squares = (0..<8).map { $0 * $0 }

    struct ReadError: Error, Equatable {}

    /// The thread that calls it. Thread names are no identity here: on Linux a thread inherits its
    /// creator's name, and `Thread.current.name` set on a new thread does not always stick.
    static func thread() -> pthread_t { pthread_self() }

    /// A main-actor function: that it runs on the main actor, and on which thread.
    @MainActor static func mainActorThread() -> pthread_t {
        MainActor.assertIsolated()
        return thread()
    }

    /// The executor's one thread: where a task that prefers it runs.
    static func onlyThread(of executor: Modern.BlockingIOExecutor) async -> pthread_t {
        await Task(executorPreference: executor) { thread() }.value
    }

    @Test func runCallsTheBlockingAPIOnTheExecutorsOwnThread() async throws {
        let executor = Modern.BlockingIOExecutor(name: "io-test")
        defer { executor.shutdown() }
        let io = Modern.BlockingIO(executor: executor)
        let executorThread = await Self.onlyThread(of: executor)
        #expect(try await io.run { Self.thread() } == executorThread)
        #expect(executorThread != Self.thread())
        #expect(try await io.run { Modern.BlockingIO.blockingRead(3, block: .milliseconds(1)) } == 9)
    }

    /// A preference moves nonisolated code only: a main-actor function called inside it still
    /// runs on the main actor (not on the executor's thread), and the code after it is back on the
    /// executor.
    @Test func aPreferenceDoesNotChangeActorIsolation() async throws {
        let executor = Modern.BlockingIOExecutor(name: "io-isolation")
        defer { executor.shutdown() }
        let executorThread = await Self.onlyThread(of: executor)
        let (before, onMainActor, after) = await withTaskExecutorPreference(executor) {
            @concurrent () async -> (pthread_t, pthread_t, pthread_t) in
            let before = Self.thread()
            let onMainActor = await Self.mainActorThread()
            return (before, onMainActor, Self.thread())
        }
        #expect(before == executorThread)
        #expect(onMainActor != executorThread)
        #expect(after == executorThread)
    }

    /// A default actor, here a log the blocking call's caller awaits.
    actor Log {
        func thread() -> pthread_t { BlockingIOTests.thread() }
    }

    /// A preference moves default actors too (SE-0417): a default actor's method awaited by a task
    /// that prefers the executor runs on the executor's thread, while a main-actor method does not.
    @Test func aPreferenceMovesDefaultActorsButNotTheMainActor() async throws {
        let executor = Modern.BlockingIOExecutor(name: "io-actors")
        defer { executor.shutdown() }
        let executorThread = await Self.onlyThread(of: executor)
        let log = Log()
        for _ in 0..<20 {
            let (onDefaultActor, onMainActor) = await Task(executorPreference: executor) {
                (await log.thread(), await Self.mainActorThread())
            }.value
            #expect(onDefaultActor == executorThread)
            #expect(onMainActor != executorThread)
        }
    }

    /// Eight calls held at once on eight threads of their own, while a task on the pool still runs:
    /// on the pool (2 threads here) only two could be held, and nothing else would run.
    @Test func heldCallsLeaveThePoolFree() async throws {
        let executor = Modern.BlockingIOExecutor(name: "io-wide", threadCount: 8)
        defer { executor.shutdown() }
        let io = Modern.BlockingIO(executor: executor)
        let entered = AsyncStream.makeStream(of: Int.self)
        let hold = DispatchSemaphore(value: 0)
        let reads = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for job in 0..<8 {
                    group.addTask {
                        try await io.run {
                            entered.continuation.yield(job)
                            hold.wait()  // blocks the executor's thread
                            return job * job
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }.sorted()
            }
        }
        var held: Set<Int> = []
        for await job in entered.stream {
            held.insert(job)
            if held.count == 8 { break }
        }
        #expect(held == Set(0..<8))
        #expect(await Task { 42 }.value == 42)  // a pool task, while all eight are held
        for _ in 0..<8 { hold.signal() }
        #expect(try await reads.value == Self.squares)
    }

    /// One thread runs the reads one at a time, in the order they were added, as the serial queue
    /// does; every short task runs.
    @Test func oneThreadRunsTheReadsInOrderLikeTheSerialQueue() async {
        let executor = Modern.BlockingIOExecutor(name: "io-serial")
        defer { executor.shutdown() }
        let modern = await Modern.BlockingIO.measure(block: .milliseconds(1), preferring: executor)
        #expect(modern.results == Self.squares)
        #expect(modern.finishOrder == Array(0..<8))
        #expect(modern.waits.count == 100)
        #expect(modern.readsTook >= .milliseconds(8))

        let legacy = await withCheckedContinuation { done in
            Legacy.BlockingIO.measure(block: .milliseconds(1), on: Legacy.BlockingIO(label: "io-serial")) {
                done.resume(returning: $0)
            }
        }
        #expect(legacy.results == Self.squares)
        #expect(legacy.finishOrder == Array(0..<8))
        #expect(legacy.waits.count == 100)
        #expect(legacy.readsTook >= .milliseconds(8))
    }

    /// Without the preference the reads hold the pool's threads: at most its width run at once, so
    /// 8 reads of 5 ms take at least ⌈8 ÷ width⌉ × 5 ms. In a child process, with a timeout.
    @Test func onTheSharedThreadsTheReadsTakeTurns() async {
        let width = ProcessInfo.processInfo.activeProcessorCount
        for side in ["modern", "legacy"] {
            let (result, lines) = await ChildProcess.run(
                arguments: [
                    "--demo", "blocking-io-executor", "the same reads on the shared threads", side, "--pace", "quick",
                ],
                timeout: .seconds(10))
            #expect(result == .finished(status: 0), "\(side)")
            #expect(lines.prefix(2) == ["8 reads done: 0 1 4 9 16 25 36 49", "100 short tasks ran"], "\(side)")
            let took = lines.dropFirst(2).first.flatMap { line in
                line.range(of: "reads took ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
            }
            #expect(took != nil, "\(side): \(lines)")
            if side == "modern", width < 8 {
                #expect((took ?? 0) >= (8 + width - 1) / width * 5 - 1)
            }
        }
    }

    @Test func aReadCancelledBeforeItsTurnNeverCallsTheAPI() async {
        let expected = ["read 0: 0", "read 1: cancelled", "read 2: 4", "blocking calls made: 0 2"]
        #expect(await Modern.BlockingIO.cancelSecondRead(block: .milliseconds(1)) == expected)
        let legacy = await withCheckedContinuation { done in
            Legacy.BlockingIO.cancelSecondRead(block: .milliseconds(1)) { done.resume(returning: $0) }
        }
        #expect(legacy == expected)
    }

    /// The declared difference: the cancelled caller gets `CancellationError` from `run`; the
    /// legacy completion of a cancelled item is never called.
    @Test func aCancelledCallerGetsCancellationError() async throws {
        let executor = Modern.BlockingIOExecutor(name: "io-cancel")
        defer { executor.shutdown() }
        let io = Modern.BlockingIO(executor: executor)
        let calls = Atomic(0)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await io.run { calls.add(1, ordering: .relaxed) }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(calls.load(ordering: .relaxed) == 0)

        let queue = Legacy.BlockingIO(label: "io-cancel")
        let hold = DispatchSemaphore(value: 0)
        let completions = Atomic(0)
        let finished = AsyncStream.makeStream(of: Void.self)
        queue.run { hold.wait() } completion: { _ in finished.continuation.yield() }
        let cancelled = queue.run { calls.add(1, ordering: .relaxed) } completion: { _ in
            completions.add(1, ordering: .relaxed)
        }
        cancelled.cancel()
        queue.run { 0 } completion: { _ in finished.continuation.finish() }
        hold.signal()
        for await _ in finished.stream {}
        #expect(completions.load(ordering: .relaxed) == 0)
        #expect(calls.load(ordering: .relaxed) == 0)
    }

    @Test func aThrowingCallReachesTheCaller() async {
        let executor = Modern.BlockingIOExecutor(name: "io-throw")
        defer { executor.shutdown() }
        let io = Modern.BlockingIO(executor: executor)
        await #expect(throws: ReadError()) { try await io.run { () throws -> Int in throw ReadError() } }

        let result = await withCheckedContinuation { done in
            Legacy.BlockingIO(label: "io-throw").run { () throws -> Int in throw ReadError() } completion: {
                done.resume(returning: $0)
            }
        }
        #expect(throws: ReadError()) { try result.get() }
    }

    /// Bad input: a thread count below one still gets one thread; a call after `shutdown` still
    /// returns (its jobs go to the global concurrent executor) instead of waiting forever. (Which
    /// thread runs it is not asserted: the executor's thread has ended and its id may be reused.)
    @Test func zeroThreadsAndCallsAfterShutdownStillRun() async throws {
        let executor = Modern.BlockingIOExecutor(name: "io-zero", threadCount: 0)
        let io = Modern.BlockingIO(executor: executor)
        let executorThread = await Self.onlyThread(of: executor)
        #expect(try await io.run { Self.thread() } == executorThread)
        executor.shutdown()
        #expect(try await io.run { 5 } == 5)
    }
}
