/// The same feed as an `AsyncStream`: one element per price, then the end.
///
/// The bug is kept, so that the test below can catch it: an item the feed has
/// cached is reported twice, first the stale cached price, then the fresh one.
public nonisolated struct PriceFeed: Sendable {
    let prices: [String: Int]
    let cached: [String: Int]
    let delay: Duration

    public init(
        prices: [String: Int], cached: [String: Int] = [:], delay: Duration
    ) {
        self.prices = prices
        self.cached = cached
        self.delay = delay
    }

    /// Each item's price (twice for a cached item), then the stream ends.
    /// Cancelling the consumer cancels the producing task.
    public func prices(
        for items: [String]
    ) -> AsyncStream<(item: String, price: Int)> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: (item: String, price: Int).self)
        let task = Task { [prices, cached, delay] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                // Cancelled: the consumer has gone. `onTermination` runs
                // before the stream is finished, so a yield here could still
                // reach a consumer that is leaving.
                continuation.finish()
                return
            }
            for item in items {
                if let stale = cached[item] {
                    continuation.yield((item, stale))
                }
                continuation.yield((item, prices[item] ?? 0))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

// MARK: - The test: an `async` test and `confirmation`

// An `async` test awaits the code under test: no expectation object, no
// timeout to tune, and no thread to block. `confirmation(expectedCount:)`
// counts events inside its body and checks the count when the body returns.
// In Swift Testing (`PriceFeedTests.confirmationCountsOnePricePerItem` is
// exactly this test):
//
//     @Test func onePricePerItem() async {
//         await confirmation(expectedCount: 2) { priced in
//             for await _ in feed.prices(for: ["apple", "pear"]) {
//                 priced()
//             }
//         }
//     }
//
// `confirmation` does not wait for anything: the body must await the end of
// the work (here, the stream's end), or the count is checked too early.

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension PriceFeed {
    /// What the test checks, counted by hand so that it also runs outside a
    /// test: logs each price and compares the count with the expected one.
    public func checkOnePricePerItem(
        _ items: [String], log: @escaping @Sendable (String) -> Void
    ) async {
        var count = 0
        for await (item, price) in prices(for: items) {
            log("\(item) = \(price)")
            count += 1
        }
        let verdict = count == items.count ? "passed" : "failed"
        log("\(count) prices, expected \(items.count): \(verdict)")
    }
}
