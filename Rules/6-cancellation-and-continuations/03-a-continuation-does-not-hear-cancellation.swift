// Rule: a task suspended in `withCheckedContinuation` stays suspended when it is cancelled:
//   only whoever holds the continuation can resume it. `withTaskCancellationHandler`'s
//   `onCancel` runs at once, on the thread that calls `cancel()`, and is the place to resume
//   (or make the callback API resume) the continuation.
// Source: [SE-0300, "Continuations for interfacing async tasks with synchronous code"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0300-continuation.md);
//   [SE-0304, "Cancellation handlers"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#cancellation-handlers)
// Recipes: pending-replies, connect-timeout, sync-wait-for-callback
// Check: swift6 prints
// > cancel() returned; onCancel had run: true
// > still waiting after cancel: true
// > resumed by the callback: late reply
import Synchronization

@main struct Main {
    static func main() async {
        let slot = Mutex<CheckedContinuation<String, Never>?>(nil)
        let onCancelRan = Mutex(false)
        let (parked, park) = AsyncStream.makeStream(of: Void.self)
        let waiter = Task {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    slot.withLock { $0 = continuation }
                    park.yield()
                }
            } onCancel: {
                onCancelRan.withLock { $0 = true }
            }
        }
        for await _ in parked { break }
        waiter.cancel()
        print("cancel() returned; onCancel had run: \(onCancelRan.withLock { $0 })")
        let continuation = slot.withLock { $0.take() }
        print("still waiting after cancel: \(continuation != nil)")
        continuation?.resume(returning: "late reply")
        print("resumed by the callback: \(await waiter.value)")
    }
}
