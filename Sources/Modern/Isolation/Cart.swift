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
/// must see every value needs a stream fed by the model instead.
@MainActor
@Observable
public final class Cart {
    public var count = 0

    public init() {}

    /// The count now, then after each change, until the loop ends.
    public var counts: Observations<Int, Never> {
        Observations { self.count }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension Cart {
    /// One change at a time, each seen before the next is made.
    public static func oneChangeAtATime(
        log: @escaping @Sendable (String) -> Void
    ) async -> [Int] {
        let cart = Cart()
        let (seen, saw) = AsyncStream.makeStream(of: Int.self)
        let observer = cart.observe(until: 3, log: log, saw: saw)
        var next = seen.makeAsyncIterator()
        _ = await next.next()  // the initial value
        for count in 1...3 {
            log("set \(count)")
            cart.count = count
            _ = await next.next()
        }
        return await observer.value
    }

    /// Three changes in a row, with no suspension in between.
    public static func threeChangesInARow(
        log: @escaping @Sendable (String) -> Void
    ) async -> [Int] {
        let cart = Cart()
        let (seen, saw) = AsyncStream.makeStream(of: Int.self)
        let observer = cart.observe(until: 3, log: log, saw: saw)
        var next = seen.makeAsyncIterator()
        _ = await next.next()  // the initial value
        log("set 1, 2, 3 in a row")
        for count in 1...3 { cart.count = count }
        return await observer.value
    }

    /// A task that logs each value it sees until it sees `last`.
    private func observe(
        until last: Int,
        log: @escaping @Sendable (String) -> Void,
        saw: AsyncStream<Int>.Continuation
    ) -> Task<[Int], Never> {
        let counts = counts
        return Task {
            var seen: [Int] = []
            for await count in counts {
                seen.append(count)
                log("observer saw \(count)")
                saw.yield(count)
                if count == last { break }
            }
            return seen
        }
    }
}
