// Rule: an `AsyncStream` made with the default buffering policy keeps every element yielded
//   until it is consumed, with no limit: a producer faster than its consumer, or with no
//   consumer at all, grows memory. `.bufferingNewest(n)` / `.bufferingOldest(n)` bound it by
//   dropping elements, and `yield` reports each drop.
// Source: [SE-0314, "`AsyncStream` and `AsyncThrowingStream`"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0314-async-stream.md)
// Recipes: readers-writer-barrier, notification-observer-stream, urlsession-data-task
// Check: swift6 prints
// > unbounded: 10000 elements kept for a consumer that had not started
// > bufferingNewest(1): kept [9999], 9999 yields reported a drop
@main struct Main {
    static func main() async {
        let (unbounded, feed) = AsyncStream.makeStream(of: Int.self)
        for value in 0..<10_000 { feed.yield(value) }
        feed.finish()
        var kept = 0
        for await _ in unbounded { kept += 1 }
        print("unbounded: \(kept) elements kept for a consumer that had not started")

        let (newest, feedNewest) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        var drops = 0
        for value in 0..<10_000 {
            if case .dropped = feedNewest.yield(value) { drops += 1 }
        }
        feedNewest.finish()
        var last: [Int] = []
        for await value in newest { last.append(value) }
        print("bufferingNewest(1): kept \(last), \(drops) yields reported a drop")
    }
}
