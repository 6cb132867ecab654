import Observation

/// A property its observers see now and after its changes: `@Observable` and
/// `Observations`.
///
/// `@Observable` makes every stored property observable; `Observations {
/// cart.count }` (Swift 6.2) is an async sequence that yields the closure's
/// value at once, then again after each change to what the closure read, for
/// as long as the loop runs. It does not queue values: it re-runs the closure
/// when the observer is ready for the next one, on the closure's actor. So a
/// reader that suspends, or changes made in a row without a suspension between
/// them, see only the latest value. That is what a UI wants; an observer that
/// must see every value needs a stream fed by the model instead. The loop
/// never ends by itself: it waits for the next change until its task is
/// cancelled, and its closure keeps the cart alive until then.
@MainActor
@Observable
public final class Cart {
    public var count = 0

    public init() {}

    /// The count now, then after each change, until the loop ends.
    public var counts: Observations<Int, Never> {
        Observations { self.count }
    }

    /// Calls `handler` with the count now, then after each change, until the
    /// returned task is cancelled: cancel it where `removeObserver` was
    /// called. Until then the task keeps the cart alive.
    public func observe(
        _ handler: @escaping @MainActor (Int) -> Void
    ) -> Task<Void, Never> {
        let counts = counts
        return Task {
            for await count in counts { handler(count) }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension Cart {
    /// One change at a time, each seen before the next is made.
    public static func oneChangeAtATime(
        log: @escaping @Sendable (String) -> Void
    ) async -> [Int] {
        await observing(log: log) { cart, observerSawIt in
            for count in 1...3 {
                log("set \(count)")
                cart.count = count
                await observerSawIt()
            }
        }
    }

    /// Three changes in a row, with no suspension in between.
    public static func threeChangesInARow(
        log: @escaping @Sendable (String) -> Void
    ) async -> [Int] {
        await observing(log: log) { cart, _ in
            log("set 1, 2, 3 in a row")
            for count in 1...3 { cart.count = count }
        }
    }

    /// What a task observing a new cart saw, from its initial value until it
    /// saw 3, while `change` ran; `change` may wait until it saw a value.
    private static func observing(
        log: @escaping @Sendable (String) -> Void,
        change: (Cart, _ observerSawIt: () async -> Void) async -> Void
    ) async -> [Int] {
        let cart = Cart()
        let counts = cart.counts
        let (seen, saw) = AsyncStream.makeStream(of: Int.self)
        let observer = Task {
            var got: [Int] = []
            for await count in counts {
                got.append(count)
                log("observer saw \(count)")
                saw.yield(count)
                if count == 3 { break }
            }
            return got
        }
        var next = seen.makeAsyncIterator()
        _ = await next.next()  // the initial value
        await change(cart) { _ = await next.next(isolation: #isolation) }
        return await observer.value
    }
}
