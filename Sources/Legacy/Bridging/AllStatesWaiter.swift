import Foundation

/// Waits until N observed devices all report a state, with a timeout: a
/// `DispatchGroup` entered once per device, and an observer per device that
/// leaves when the state comes.
///
/// `group.wait(timeout:)` blocks the calling thread (never the main one) until
/// every `enter()` has had its `leave()`, or the timeout passes; the observers
/// are removed either way. An observer is called on every report, and a device
/// can report the state twice (ready, connecting, ready): a second `leave()`
/// would let the wait return while another device is still offline, and one
/// more than the group holds traps ("Unbalanced call to
/// dispatch_group_leave()"). So each observer leaves through a once-only guard,
/// as real code does. The observation reports the current state at once (like
/// KVO's `.initial`), so a device already there leaves at once, and none is
/// missed between checking and observing.
public enum AllStatesWaiter {
    /// Blocks until every one of `devices` has reported `wanted`, or `timeout`
    /// has passed; returns whether all did. Every observer is removed before
    /// it returns.
    public static func wait(
        until devices: [Device], are wanted: Device.State, timeout: Duration
    ) -> Bool {
        let group = DispatchGroup()
        var observations: [Device.Observation] = []
        for device in devices {
            group.enter()
            let leave = LeaveOnce(group)
            observations.append(
                device.observe { state in
                    if state == wanted { leave() }
                })
        }
        let result = group.wait(timeout: .now() + timeout / .seconds(1))
        for observation in observations { observation.invalidate() }
        return result == .success
    }
}

/// Leaves a group at most once, however often it is called: the guard around
/// an observer's `leave()`.
final class LeaveOnce: @unchecked Sendable {
    // `@unchecked Sendable`: `left` is only touched holding `lock`.
    private let lock = NSLock()
    private var left = false
    private let group: DispatchGroup

    init(_ group: DispatchGroup) {
        self.group = group
    }

    func callAsFunction() {
        let first = lock.withLock {
            defer { left = true }
            return !left
        }
        if first { group.leave() }
    }
}

// MARK: - The observed devices, as a fake (unchanged on the modern side)

/// Stands in for an object whose state an app observes (a player item's
/// `status` through KVO, a peripheral through its delegate, a notification
/// and a getter): `observe` calls back with the current state at once, then
/// with every state it is set to, on the thread that sets it, until the
/// observation is invalidated.
public final class Device: @unchecked Sendable {
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

extension AllStatesWaiter {
    /// Waits for `devices` to be `.ready` on a thread of its own while
    /// `changes` are made on the calling thread, each logged before it is
    /// made, once every device is observed; returns the wait's result.
    public static func run(
        _ devices: [Device], timeout: Duration,
        changes: [(device: Device, state: Device.State)],
        waitWithoutGuard: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) -> Bool {
        let states = devices.map { "\($0.name) \($0.state.rawValue)" }
        log("waiting for all to be ready: " + states.joined(separator: ", "))
        let result = Answer()
        Thread {
            result.all =
                waitWithoutGuard
                ? Self.waitWithoutGuard(until: devices, timeout: timeout)
                : wait(until: devices, are: .ready, timeout: timeout)
            result.finished.signal()
        }.start()
        // Until every device is observed: then every change is reported.
        while !changes.isEmpty
            && devices.contains(where: { $0.timesObserved == 0 })
        {
            Thread.sleep(forTimeInterval: 0.000_1)
        }
        for (device, state) in changes {
            log("\(device.name) → \(state.rawValue)")
            device.set(state)
        }
        result.finished.wait()
        return result.all
    }

    /// The wait's result, written before `finished` is signalled.
    ///
    /// `@unchecked Sendable`: the semaphore orders the write before the read.
    final class Answer: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        var all = false
    }

    /// Wrong: leaves on every `.ready` report, with no guard. A device that
    /// reports it twice leaves twice for one `enter()`: the wait returns while
    /// another device is still offline, and a leave beyond the group's count
    /// traps ("Unbalanced call to dispatch_group_leave()").
    public static func waitWithoutGuard(
        until devices: [Device], timeout: Duration
    ) -> Bool {
        let group = DispatchGroup()
        var observations: [Device.Observation] = []
        for device in devices {
            group.enter()
            observations.append(
                device.observe { state in
                    if state == .ready { group.leave() }  // Wrong: unguarded
                })
        }
        let result = group.wait(timeout: .now() + timeout / .seconds(1))
        for observation in observations { observation.invalidate() }
        return result == .success
    }
}
