// Rule: `task.cancel()` only sets a flag: code that never checks it runs to the end, and the
//   task's result is whatever that code returns. `Task.sleep` and other cancellation-aware waits
//   throw `CancellationError` at once when the flag is set.
// Source: [SE-0304, "Cancellation"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#cancellation)
// Recipes: cancellable-delay, cancel-work-items, background-then-main
// Check: swift6 prints
// > unchecked loop: ran all 1000 steps, cancelled true
// > Task.sleep: CancellationError
@main struct Main {
    static func main() async {
        let (cancelled, didCancel) = AsyncStream.makeStream(of: Void.self)
        let loop = Task {
            for await _ in cancelled { break }
            var steps = 0
            for _ in 0..<1000 { steps += 1 }
            return "ran all \(steps) steps, cancelled \(Task.isCancelled)"
        }
        loop.cancel()
        didCancel.yield()
        print("unchecked loop: \(await loop.value)")

        let sleeper = Task {
            do {
                try await Task.sleep(for: .seconds(3600))
                return "slept"
            } catch {
                return "\(type(of: error))"
            }
        }
        sleeper.cancel()
        print("Task.sleep: \(await sleeper.value)")
    }
}
