import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ConnectionStatusTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    func connect(_ side: Side, waiters: Int) async -> [String] {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy:
            await onOwnThread { Legacy.ConnectionStatus.connect(waiters: waiters, timeout: .seconds(30), log: log) }
        case .modern:
            await Modern.ConnectionStatus.connect(waiters: waiters, timeout: .seconds(30), log: log)
        }
        return recorder.lines
    }

    @Test(arguments: Side.allCases)
    func threeWaitersEachResumeExactlyOnce(_ side: Side) async {
        #expect(await connect(side, waiters: 3) == ["waiter 1: resumed", "waiter 2: resumed", "waiter 3: resumed"])
    }

    @Test(arguments: Side.allCases)
    func hundredsOfWaitersAllResume(_ side: Side) async {
        let lines = await connect(side, waiters: 200)
        #expect(lines == (1...200).map { "waiter \($0): resumed" })
    }

    @Test(arguments: Side.allCases)
    func aWaiterWithA20msDeadlineTimesOut(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        let start = ContinuousClock.now
        switch side {
        case .legacy:
            await onOwnThread { Legacy.ConnectionStatus.timeOut(after: .milliseconds(20), log: log) }
        case .modern:
            await Modern.ConnectionStatus.timeOut(after: .milliseconds(20), log: log)
        }
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        #expect(recorder.lines == ["waiter: timed out"])
    }

    @Test(arguments: Side.allCases)
    func aStateSetBeforeTheWaitIsSeen(_ side: Side) async throws {
        switch side {
        case .legacy:
            let reached = await onOwnThread { () -> Bool in
                let status = Legacy.ConnectionStatus()
                status.set(.connected)  // the broadcast reaches no one; the state stays
                return status.wait(for: .connected, timeout: .seconds(30))
            }
            #expect(reached)
        case .modern:
            let status = Modern.ConnectionStatus()
            status.set(.connected)
            try await status.wait(for: .connected, timeout: .seconds(30))
            #expect(status.waiting == 0)
        }
    }

    /// Cancellation before the call, while waiting (100 of 200 waiters) and after being resumed:
    /// every continuation is resumed once, and none is left behind.
    @Test func modernCancelledWaiterLeavesNoContinuation() async throws {
        let status = Modern.ConnectionStatus()

        // Before the call: the task is cancelled before it waits.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await status.wait(for: .connected)
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(status.waiting == 0)

        // While waiting: 200 waiters, half of them cancelled.
        let waiters = (0..<200).map { _ in Task { try await status.wait(for: .connected) } }
        try await eventually { status.waiting >= 200 }
        for waiter in waiters.prefix(100) { waiter.cancel() }
        for waiter in waiters.prefix(100) {
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(status.waiting == 100)
        status.set(.connected)
        for waiter in waiters.suffix(100) { try await waiter.value }
        #expect(status.waiting == 0)

        // After being resumed: cancelling changes nothing.
        status.set(.connecting)
        let late = Task { try await status.wait(for: .connected) }
        try await eventually { status.waiting >= 1 }
        status.set(.connected)
        late.cancel()
        try await late.value
        #expect(status.waiting == 0)

        // A timed-out waiter is withdrawn too.
        status.set(.disconnected)
        await #expect(throws: Modern.ConnectionStatus.TimedOut.self) {
            try await status.wait(for: .connected, timeout: .milliseconds(5))
        }
        #expect(status.waiting == 0)
    }

    /// What a socket callback does: a synchronous function sets `.connecting`, then
    /// `.connected`, 200 times over. `set` takes effect in the call, so the state ends
    /// `.connected` every time: a waiter for it returns at once, and a waiter for `.connecting`
    /// stays until it is cancelled. (With an actor's `await`-only `set` reached through
    /// `Task { await status.set(…) }`, some runs ended `.connecting`.)
    @Test func modernSynchronousCallerSetsTheStatesInOrder() async throws {
        for _ in 0..<200 {
            let status = Modern.ConnectionStatus()
            Self.connectFromSynchronousCode(status)
            try await status.wait(for: .connected)
            let stale = Task { try await status.wait(for: .connecting) }
            try await eventually { status.waiting >= 1 }
            stale.cancel()
            await #expect(throws: CancellationError.self) { try await stale.value }
            #expect(status.waiting == 0)
        }
    }

    /// A plain synchronous function, as a network callback would be.
    nonisolated static func connectFromSynchronousCode(_ status: Modern.ConnectionStatus) {
        status.set(.connecting)
        status.set(.connected)
    }

    @Test func modernWaiterSeesAStateThatIsReplacedAtOnce() async throws {
        let status = Modern.ConnectionStatus()
        let waiter = Task { try await status.wait(for: .connected) }
        try await eventually { status.waiting >= 1 }
        status.set(.connected)
        status.set(.disconnected)
        try await waiter.value
        #expect(status.waiting == 0)
    }

    @Test func modernTimeoutRunsOnTheInjectedClock() async {
        let status = Modern.ConnectionStatus()
        let clock = SuspendingClock()
        let start = clock.now
        await #expect(throws: Modern.ConnectionStatus.TimedOut.self) {
            try await status.wait(for: .connected, timeout: .milliseconds(20), clock: clock)
        }
        #expect(clock.now - start >= .milliseconds(20))
        #expect(status.waiting == 0)
    }
}
