// Rule: an `AsyncStream` is unicast: each element goes to exactly one iterator, so two loops
//   over one stream split its elements between them instead of each seeing all. Give every
//   listener a stream of its own.
// Source: [SE-0314, "`AsyncStream` and `AsyncThrowingStream`"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0314-async-stream.md)
// Recipes: multicast-stream, readers-writer-barrier, dispatch-source-socket-accept
// Check: swift6 prints
// > two loops over one stream of 1000: 1000 elements in all, each seen once: true
@main struct Main {
    static func main() async {
        let (stream, feed) = AsyncStream.makeStream(of: Int.self)
        for value in 0..<1000 { feed.yield(value) }
        feed.finish()
        async let first = stream.reduce(into: [Int]()) { $0.append($1) }
        async let second = stream.reduce(into: [Int]()) { $0.append($1) }
        let all = await first + second
        let seenOnce = Set(all).count == all.count
        print("two loops over one stream of 1000: \(all.count) elements in all, each seen once: \(seenOnce)")
    }
}
