import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// The blocking waits inside tasks starve the pool, so they run only in child processes
/// (`compare --demo`); the legacy waiters and the async signal run here.
@Suite(.serialized, .timeLimit(.minutes(1))) struct SemaphoreStarvationTests {
    typealias AsyncSignal = Modern.SemaphoreStarvation.AsyncSignal

    static let id = "semaphore-in-async-starvation"
    static let released = (0..<8).map { "waiter \($0) released" }

    static func runChild(
        _ scenario: String, _ side: String, timeout: Duration = .seconds(10)
    ) async -> (DemoResult, [String]) {
        await ChildProcess.run(arguments: ["--demo", id, scenario, side, "--pace", "test"], timeout: timeout)
    }

    /// Waits (yielding, not sleeping) until `signal` has `count` waiters.
    static func waitUntil(_ signal: AsyncSignal, hasWaiting count: Int) async throws {
        try await eventually { signal.waiting == count }
    }

    @Test func legacyBlockingWaitersAreReleased() async {
        let released = await withCheckedContinuation { done in
            Legacy.SemaphoreStarvation.waitersAndASignaller { done.resume(returning: $0) }
        }
        #expect(released == Array(repeating: true, count: 8))
    }

    @Test func blockingWaitersTimeOutBeforeTheSignal() async {
        let (modern, lines) = await Self.runChild("blocking waits with a timeout", "modern")
        #expect(modern == .finished(status: 0))
        let poolIsNarrow = ProcessInfo.processInfo.activeProcessorCount < 9
        #expect(
            lines == [
                "8 tasks block in DispatchSemaphore.wait(timeout:); a 9th will signal",
                poolIsNarrow
                    ? "some waiters timed out: the 9th task ran after they gave up" : "every waiter was released",
            ])
        let (legacy, legacyLines) = await Self.runChild("blocking waits with a timeout", "legacy")
        #expect(legacy == .finished(status: 0))
        #expect(legacyLines == Self.released)
    }

    @Test func blockingWaitersWithoutATimeoutHang() async {
        let (modern, lines) = await Self.runChild(
            "blocking waits, no timeout", "modern", timeout: .milliseconds(1500))
        #expect(modern == .hung)
        #expect(lines == ["8 tasks block in DispatchSemaphore.wait(); a 9th will signal"])
        let (legacy, legacyLines) = await Self.runChild("blocking waits, no timeout", "legacy")
        #expect(legacy == .finished(status: 0))
        #expect(legacyLines == Self.released)
    }

    @Test func asyncSignalIsFIFO() async throws {
        let signal = AsyncSignal()
        let order = Locked<[Int]>([])
        var waiters: [Task<Void, any Error>] = []
        for waiter in 0..<10 {
            waiters.append(
                Task {
                    try await signal.wait()
                    order.withLock { $0.append(waiter) }
                })
            try await Self.waitUntil(signal, hasWaiting: waiter + 1)
        }
        for next in 0..<10 {
            signal.signal()
            try await waiters[next].value
            #expect(order.withLock { $0 } == Array(0...next))
        }
        #expect(signal.waiting == 0)
    }

    @Test func hundredsOfWaitersAndSignallers() async throws {
        let signal = AsyncSignal()
        let releasedCount = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        try await signal.wait()
                        releasedCount.withLock { $0 += 1 }
                    } else {
                        signal.signal()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(releasedCount.withLock { $0 } == 500)
        #expect(signal.waiting == 0)
        // No permit was left over: the next waiter suspends until it is cancelled.
        let extra = Task { try await signal.wait() }
        try await Self.waitUntil(signal, hasWaiting: 1)
        extra.cancel()
        await #expect(throws: CancellationError.self) { try await extra.value }
        #expect(signal.waiting == 0)
    }

    @Test func cancelledWaitersLeaveTheSignalConsistent() async throws {
        let signal = AsyncSignal()

        // Cancelled before it waits: it throws and takes no permit.
        signal.signal()
        let hold = AsyncStream.makeStream(of: Void.self)
        let early = Task {
            for await _ in hold.stream {}  // ends when the task is cancelled
            try await signal.wait()
        }
        early.cancel()
        await #expect(throws: CancellationError.self) { try await early.value }
        try await signal.wait()  // the permit is still there
        hold.continuation.finish()

        // Cancelled while waiting: they leave the queue, the others still get every signal.
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<5 {
            waiters.append(Task { try await signal.wait() })
            try await Self.waitUntil(signal, hasWaiting: index + 1)
        }
        for index in [0, 2, 4] { waiters[index].cancel() }
        for index in [0, 2, 4] {
            await #expect(throws: CancellationError.self) { try await waiters[index].value }
        }
        #expect(signal.waiting == 2)
        signal.signal()
        signal.signal()
        try await waiters[1].value
        try await waiters[3].value
        #expect(signal.waiting == 0)

        // Cancelled after being resumed: it keeps its permit and returns normally.
        let granted = Task { try await signal.wait() }
        try await Self.waitUntil(signal, hasWaiting: 1)
        signal.signal()
        granted.cancel()
        try await granted.value
        #expect(signal.waiting == 0)

        // The full capacity is still there: three signals release three waiters.
        for _ in 0..<3 { signal.signal() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 { group.addTask { try await signal.wait() } }
            try await group.waitForAll()
        }
        #expect(signal.waiting == 0)
    }
}
