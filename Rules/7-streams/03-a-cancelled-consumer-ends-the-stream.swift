// Rule: when the task iterating an `AsyncStream` is cancelled, the stream ends: the loop gets
//   `nil`, `onTermination` runs (with `.cancelled`), and later yields are dropped. The source
//   that feeds it (a Dispatch source, an observer, a callback registration) keeps running
//   unless `onTermination` stops it.
// Source: [SE-0314, "`AsyncStream` and `AsyncThrowingStream`", `onTermination`](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0314-async-stream.md)
// Recipes: callback-isolation-trap, notification-observer-stream, dispatch-source-signal
// Check: swift6 prints
// > the loop ended after 1 element; onTermination: cancelled; a later yield: terminated
@main struct Main {
    static func main() async {
        let (terminated, terminate) = AsyncStream.makeStream(of: String.self)
        let (stream, feed) = AsyncStream.makeStream(of: Int.self)
        feed.onTermination = { reason in
            terminate.yield(reason == .cancelled ? "cancelled" : "finished")
        }
        let (received, receive) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var count = 0
            for await _ in stream {
                count += 1
                receive.yield()
            }
            return count
        }
        feed.yield(1)
        for await _ in received { break }
        consumer.cancel()
        let count = await consumer.value
        var reason = ""
        for await text in terminated {
            reason = text
            break
        }
        let later = feed.yield(2)
        let laterText = if case .terminated = later { "terminated" } else { "\(later)" }
        print("the loop ended after \(count) element; onTermination: \(reason); a later yield: \(laterText)")
    }
}
