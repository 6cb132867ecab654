import Foundation

/// Waits until N observed devices all report a state, with a timeout: a stream
/// per device, and a task group that waits for the first matching value of
/// each, under `withTimeout`.
///
/// Each child turns its device's observation into an `AsyncStream` and returns
/// at the first matching state; it ends the observation on the way out,
/// whether the state came, the timeout passed or the caller was cancelled, so
/// no observer is left behind. A device that reports the state twice only
/// yields into a stream whose child has already returned: there is no count
/// to over-leave. The timeout is `withTimeout` (from `connect-timeout`): it
/// cancels the group, and a cancelled child's `for await` ends. No thread
/// blocks, so the caller may be the main actor.
public nonisolated enum AllStatesWaiter {
    /// Returns once every one of `devices` has reported `wanted`; throws
    /// `TimeoutError` when `timeout` passes first, or `CancellationError` if
    /// the caller is cancelled. Every observer is removed before it returns.
    public static func wait(
        until devices: [Device], are wanted: Device.State, timeout: Duration
    ) async throws {
        // All there already (or none to wait for): no race with the timeout.
        if devices.allSatisfy({ $0.state == wanted }) { return }
        try await withTimeout(timeout) {
            await withTaskGroup(of: Void.self) { group in
                for device in devices {
                    group.addTask { await device.reaches(wanted) }
                }
            }
            // A cancelled child returns as quietly as one that saw the
            // state: say which it was, or a cancelled caller could race
            // `withTimeout` and get a normal return.
            try Task.checkCancellation()
        }
    }
}

nonisolated extension Device {
    /// Returns when the device reports `wanted` (at once if it is there), or
    /// when the caller is cancelled; the observation ends either way.
    func reaches(_ wanted: State) async {
        let (states, continuation) = AsyncStream.makeStream(of: State.self)
        let observation = observe { continuation.yield($0) }
        defer { observation.invalidate() }
        for await state in states where state == wanted { return }
    }
}

// MARK: - The observed devices, as a fake (unchanged from the legacy side)

/// Stands in for an object whose state an app observes (a player item's
/// `status` through KVO, a peripheral through its delegate, a notification
/// and a getter): `observe` calls back with the current state at once, then
/// with every state it is set to, on the thread that sets it, until the
/// observation is invalidated.
public nonisolated final class Device: @unchecked Sendable {
    public enum State: String, Sendable {
        case offline, connecting, ready
    }

    /// Ends an observation; invalidating twice is harmless.
    public final class Observation: Sendable {
        private let end: @Sendable () -> Void
        init(end: @escaping @Sendable () -> Void) { self.end = end }
        public func invalidate() { end() }
    }

    public let name: String
    // `@unchecked Sendable`: `current`, `observers` and `nextID` are only
    // touched holding `lock`; observers are called after it is released.
    private let lock = NSLock()
    private var current: State
    private var observers: [Int: @Sendable (State) -> Void] = [:]
    private var nextID = 0

    public init(_ name: String, state: State = .offline) {
        self.name = name
        current = state
    }

    public var state: State { lock.withLock { current } }

    /// How many observations are live.
    public var observerCount: Int { lock.withLock { observers.count } }

    /// How many observations were ever started.
    public var timesObserved: Int { lock.withLock { nextID } }

    /// Sets the state and reports it to every observer, even when unchanged.
    public func set(_ state: State) {
        let observers = lock.withLock {
            current = state
            return Array(self.observers.values)
        }
        for observer in observers { observer(state) }
    }

    /// Reports the current state to `handler` at once, then every state set.
    public func observe(
        _ handler: @escaping @Sendable (State) -> Void
    ) -> Observation {
        let (id, state) = lock.withLock {
            nextID += 1
            observers[nextID] = handler
            return (nextID, current)
        }
        handler(state)
        return Observation { [weak self] in
            guard let self else { return }
            _ = lock.withLock { observers.removeValue(forKey: id) }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension AllStatesWaiter {
    /// Waits for `devices` to be `.ready` in a child task while `changes` are
    /// made, each logged before it is made, once every device is observed;
    /// returns whether the wait succeeded.
    public static func run(
        _ devices: [Device], timeout: Duration,
        changes: [(device: Device, state: Device.State)],
        log: @escaping @Sendable (String) -> Void
    ) async -> Bool {
        let states = devices.map { "\($0.name) \($0.state.rawValue)" }
        log("waiting for all to be ready: " + states.joined(separator: ", "))
        async let all: Bool = {
            do {
                try await wait(until: devices, are: .ready, timeout: timeout)
                return true
            } catch {
                return false
            }
        }()
        // Until every device is observed: then every change is reported.
        while !changes.isEmpty
            && devices.contains(where: { $0.timesObserved == 0 })
        {
            await Task.yield()
        }
        for (device, state) in changes {
            log("\(device.name) → \(state.rawValue)")
            device.set(state)
        }
        return await all
    }
}
