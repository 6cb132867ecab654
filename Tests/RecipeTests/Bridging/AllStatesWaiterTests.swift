import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct AllStatesWaiterTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let timeout = Duration.milliseconds(20)
    static let generous = Duration.seconds(600)

    /// What a run ends with: the wait's result, the devices not ready, and the observers left.
    struct Outcome: Equatable {
        var all: Bool
        var notReady: [String]
        var observersLeft: Int
    }

    /// Runs a side's driver: the devices start in `states`, and the changes are made once every
    /// device is observed.
    static func run(
        _ side: Side, _ states: [Legacy.Device.State], changes: [(index: Int, state: Legacy.Device.State)],
        timeout: Duration = generous, withoutGuard: Bool = false
    ) async -> Outcome {
        let names = states.indices.map { "cam-\($0 + 1)" }
        switch side {
        case .legacy:
            let devices = zip(names, states).map { Legacy.Device($0, state: $1) }
            let changes = changes.map { (device: devices[$0.index], state: $0.state) }
            let all = await onOwnThread {
                Legacy.AllStatesWaiter.run(
                    devices, timeout: timeout, changes: changes, waitWithoutGuard: withoutGuard, log: { _ in })
            }
            return Outcome(
                all: all, notReady: devices.filter { $0.state != .ready }.map(\.name),
                observersLeft: devices.map(\.observerCount).reduce(0, +))
        case .modern:
            let modern = { (state: Legacy.Device.State) in Modern.Device.State(rawValue: state.rawValue)! }
            let devices = zip(names, states).map { Modern.Device($0, state: modern($1)) }
            let changes = changes.map { (device: devices[$0.index], state: modern($0.state)) }
            let all = await Modern.AllStatesWaiter.run(devices, timeout: timeout, changes: changes, log: { _ in })
            return Outcome(
                all: all, notReady: devices.filter { $0.state != .ready }.map(\.name),
                observersLeft: devices.map(\.observerCount).reduce(0, +))
        }
    }

    @Test(arguments: Side.allCases)
    func everyDeviceReadyEndsTheWaitAndLeavesNoObserver(_ side: Side) async {
        let outcome = await Self.run(
            side, [.offline, .offline, .connecting], changes: [(2, .ready), (0, .connecting), (0, .ready), (1, .ready)])
        #expect(outcome == Outcome(all: true, notReady: [], observersLeft: 0))
    }

    @Test(arguments: Side.allCases)
    func aDeviceNeverReadyTimesOutAndLeavesNoObserver(_ side: Side) async {
        let start = ContinuousClock.now
        let outcome = await Self.run(side, [.ready, .connecting, .ready], changes: [], timeout: Self.timeout)
        #expect(start.duration(to: .now) >= Self.timeout)
        #expect(outcome == Outcome(all: false, notReady: ["cam-2"], observersLeft: 0))
    }

    /// The guard (legacy) and the first match (modern): cam-2 reporting ready twice counts once,
    /// so with cam-1 still offline the wait goes on to its timeout.
    @Test(arguments: Side.allCases)
    func aDeviceThatReportsReadyTwiceCountsOnce(_ side: Side) async {
        let outcome = await Self.run(
            side, [.offline, .offline], changes: [(1, .ready), (1, .connecting), (1, .ready)], timeout: .milliseconds(50))
        #expect(outcome == Outcome(all: false, notReady: ["cam-1"], observersLeft: 0))
    }

    /// The bug the guard prevents: without it, the second report leaves the group again, and the
    /// wait returns "all ready" while cam-1 is still offline. (One more leave would trap: see the
    /// "extra leave" demonstration of `dispatch-group-notify`.)
    @Test func legacyWithoutTheGuardASecondReportEndsTheWaitEarly() async {
        let outcome = await Self.run(
            .legacy, [.offline, .offline], changes: [(1, .ready), (1, .connecting), (1, .ready)], withoutGuard: true)
        #expect(outcome == Outcome(all: true, notReady: ["cam-1"], observersLeft: 0))
    }

    /// 200 devices, each reporting ready twice from threads of its own: every one counts once.
    @Test(arguments: Side.allCases)
    func hundredsOfDevicesReportingTwiceConcurrently(_ side: Side) async throws {
        let count = 200
        switch side {
        case .legacy:
            let devices = (0..<count).map { Legacy.Device("d\($0)") }
            let everyOneObserved = Locked(false)
            let all = await onOwnThread {
                let reporter = Thread {
                    everyOneObserved.withLock { observed in
                        observed = eventuallyOnThisThread { !devices.contains(where: { $0.timesObserved == 0 }) }
                    }
                    DispatchQueue.concurrentPerform(iterations: count * 2) { devices[$0 % count].set(.ready) }
                }
                reporter.start()
                return Legacy.AllStatesWaiter.wait(until: devices, are: .ready, timeout: Self.generous)
            }
            #expect(everyOneObserved.withLock { $0 })
            #expect(all)
            #expect(devices.allSatisfy { $0.observerCount == 0 })
        case .modern:
            let devices = (0..<count).map { Modern.Device("d\($0)") }
            let waiter = Task { try await Modern.AllStatesWaiter.wait(until: devices, are: .ready, timeout: Self.generous) }
            try await eventually { !devices.contains(where: { $0.timesObserved == 0 }) }
            await onOwnThread { DispatchQueue.concurrentPerform(iterations: count * 2) { devices[$0 % count].set(.ready) } }
            try await waiter.value
            #expect(devices.allSatisfy { $0.observerCount == 0 })
        }
    }

    // MARK: - Cancellation and bad input

    /// Difference: a modern wait can be cancelled, and removes every observer as it ends; the
    /// legacy wait blocks its thread until the devices or the timeout.
    /// 50 times over: the children end as quietly when cancelled as when the state comes, and a
    /// cancelled wait once raced `withTimeout` into a normal return (seen under ThreadSanitizer).
    @Test func modernCancelledWaitThrowsAndLeavesNoObserver() async throws {
        for _ in 0..<50 {
            let devices = (1...3).map { Modern.Device("cam-\($0)") }
            let waiter = Task { try await Modern.AllStatesWaiter.wait(until: devices, are: .ready, timeout: Self.generous) }
            try await eventually { !devices.contains(where: { $0.observerCount == 0 }) }
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            #expect(devices.allSatisfy { $0.observerCount == 0 })
        }
    }

    @Test func noDevicesIsAllReadyAtOnce() async throws {
        #expect(await onOwnThread { Legacy.AllStatesWaiter.wait(until: [], are: .ready, timeout: .zero) })
        try await Modern.AllStatesWaiter.wait(until: [], are: .ready, timeout: .zero)
    }

    /// A zero or negative timeout checks once: all ready is success, else a timeout, and no observer
    /// is left. Difference: the modern side sees that all are ready without observing at all.
    @Test(arguments: [Duration.zero, .milliseconds(-5)])
    func aZeroOrNegativeTimeoutChecksOnce(_ timeout: Duration) async {
        let legacyReady = [Legacy.Device("a", state: .ready), Legacy.Device("b", state: .ready)]
        let legacyHalf = [Legacy.Device("a", state: .ready), Legacy.Device("b")]
        let (ready, half) = await onOwnThread {
            (
                Legacy.AllStatesWaiter.wait(until: legacyReady, are: .ready, timeout: timeout),
                Legacy.AllStatesWaiter.wait(until: legacyHalf, are: .ready, timeout: timeout)
            )
        }
        #expect(ready && !half)
        #expect((legacyReady + legacyHalf).allSatisfy { $0.observerCount == 0 })

        let modernReady = [Modern.Device("a", state: .ready), Modern.Device("b", state: .ready)]
        let modernHalf = [Modern.Device("a", state: .ready), Modern.Device("b")]
        await #expect(throws: Never.self) {
            try await Modern.AllStatesWaiter.wait(until: modernReady, are: .ready, timeout: timeout)
        }
        #expect(modernReady.allSatisfy { $0.timesObserved == 0 })
        await #expect(throws: TimeoutError.self) {
            try await Modern.AllStatesWaiter.wait(until: modernHalf, are: .ready, timeout: timeout)
        }
        #expect(modernHalf.allSatisfy { $0.observerCount == 0 })
    }
}
