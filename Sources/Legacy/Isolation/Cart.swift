import Foundation

/// A property its observers see now and at every change: `didSet` calls an
/// observer list.
///
/// Before Observation, a model announced a change from `didSet`: it posted a
/// notification or called each registered handler, and a new observer asked
/// for the current value separately. KVO's `observe(\.count, options:
/// [.initial, .new])` did both at once on Darwin. Every change reaches every
/// observer synchronously, on the thread that set the property, before the
/// setter returns: three changes in a row are three calls.
public final class Cart {
    /// Observers run on the thread that sets it; keep it on one thread.
    public var count = 0 {
        didSet {
            for handler in observers.values { handler(count) }
        }
    }
    private var observers: [UUID: (Int) -> Void] = [:]

    public init() {}

    /// Calls `handler` with the current count now, then with every new one,
    /// until `removeObserver` is called with the token it returns.
    @discardableResult
    public func observe(_ handler: @escaping (Int) -> Void) -> UUID {
        let token = UUID()
        observers[token] = handler
        handler(count)  // KVO's .initial
        return token
    }

    public func removeObserver(_ token: UUID) {
        observers[token] = nil
    }
}

#if canImport(ObjectiveC)
    /// The same with KVO (Darwin only): an `@objc dynamic` property on an
    /// `NSObject`; `.initial` delivers the current value at once.
    public final class KVOCart: NSObject {
        @objc public dynamic var count = 0
    }

    /// Observes a `KVOCart` for as long as it lives: releasing the
    /// observation stops it.
    public final class KVOCartObserver {
        private var observation: NSKeyValueObservation?

        public init(_ cart: KVOCart, handler: @escaping (Int) -> Void) {
            observation = cart.observe(
                \.count, options: [.initial, .new]
            ) { cart, change in
                handler(change.newValue ?? cart.count)
            }
        }
    }
#endif

// MARK: - Driver (the page's output; not part of the pattern)

extension Cart {
    /// One change at a time, each seen before the next is made.
    public static func oneChangeAtATime(
        log: @escaping @Sendable (String) -> Void
    ) -> [Int] {
        observing(log: log) { cart in
            for count in 1...3 {
                log("set \(count)")
                cart.count = count
            }
        }
    }

    /// Three changes in a row, with nothing in between.
    public static func threeChangesInARow(
        log: @escaping @Sendable (String) -> Void
    ) -> [Int] {
        observing(log: log) { cart in
            log("set 1, 2, 3 in a row")
            for count in 1...3 { cart.count = count }
        }
    }

    /// What an observer of a new cart saw while `change` ran.
    private static func observing(
        log: @escaping @Sendable (String) -> Void,
        change: (Cart) -> Void
    ) -> [Int] {
        let cart = Cart()
        var seen: [Int] = []
        let token = cart.observe { count in
            seen.append(count)
            log("observer saw \(count)")
        }
        change(cart)
        cart.removeObserver(token)
        return seen
    }
}
