import Foundation

/// A callback API under test: one `onPrice` call per item, then `completion`.
///
/// The feed has a bug that a test should catch: an item it has cached is
/// reported twice, first the stale cached price and then the fresh one.
public struct PriceFeed: Sendable {
    let prices: [String: Int]
    let cached: [String: Int]
    let delay: DispatchTimeInterval
    let queue: DispatchQueue

    public init(
        prices: [String: Int], cached: [String: Int] = [:],
        delay: DispatchTimeInterval,
        queue: DispatchQueue = DispatchQueue(label: "price-feed")
    ) {
        self.prices = prices
        self.cached = cached
        self.delay = delay
        self.queue = queue
    }

    /// Calls `onPrice` for each item on the feed's queue, then `completion`.
    public func fetchPrices(
        for items: [String],
        onPrice: @escaping @Sendable (String, Int) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        queue.asyncAfter(deadline: .now() + delay) { [prices, cached] in
            for item in items {
                if let stale = cached[item] { onPrice(item, stale) }
                onPrice(item, prices[item] ?? 0)
            }
            completion()
        }
    }
}

// MARK: - The test: an expectation and a wait

/// XCTest's expectation, on a semaphore: fulfilled by callbacks, awaited with
/// a timeout by a thread that may block.
///
/// In XCTest (shown as text: this package tests with Swift Testing):
///
///     func testOnePricePerItem() {
///         let priced = expectation(description: "one price per item")
///         priced.expectedFulfillmentCount = 2
///         let done = expectation(description: "completion")
///         feed.fetchPrices(for: ["apple", "pear"],
///                          onPrice: { _, _ in priced.fulfill() },
///                          completion: { done.fulfill() })
///         wait(for: [priced, done], timeout: 1, enforceOrder: true)
///     }
///
/// A third `fulfill()` fails that test ("API violation", because
/// `assertForOverFulfill` is on by default). `wait(for:timeout:)` spins the
/// main run loop, so callbacks sent to the main queue still arrive. Outside
/// XCTest the wait is a semaphore, which may only block a thread of its own.
public final class CallbackExpectation: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched with `lock` held.
    public let expectedCount: Int
    private let lock = NSLock()
    private var count = 0
    private let reached = DispatchSemaphore(value: 0)

    public init(expectedCount: Int = 1) {
        self.expectedCount = expectedCount
    }

    /// Counts one call; the `expectedCount`th releases the waiter.
    public func fulfill() {
        lock.lock()
        count += 1
        let isLast = count == expectedCount
        lock.unlock()
        if isLast { reached.signal() }
    }

    /// How many times `fulfill()` was called.
    public var fulfillmentCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Blocks until fulfilled `expectedCount` times; false on timeout. Never
    /// on the main thread (a main-queue callback could not run) or a pool
    /// thread (it starves the pool).
    public func wait(timeout: DispatchTimeInterval) -> Bool {
        reached.wait(timeout: .now() + timeout) == .success
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PriceFeed {
    /// The test body: logs each price, waits for completion, checks the count.
    /// Call it on a thread of its own.
    public func checkOnePricePerItem(
        _ items: [String], timeout: DispatchTimeInterval,
        log: @escaping @Sendable (String) -> Void
    ) {
        let priced = CallbackExpectation(expectedCount: items.count)
        let done = CallbackExpectation()
        fetchPrices(
            for: items,
            onPrice: { item, price in
                log("\(item) = \(price)")
                priced.fulfill()
            },
            completion: { done.fulfill() })
        guard done.wait(timeout: timeout) else { return log("timed out") }
        let count = priced.fulfillmentCount
        let verdict = count == items.count ? "passed" : "failed"
        log("\(count) prices, expected \(items.count): \(verdict)")
    }
}
