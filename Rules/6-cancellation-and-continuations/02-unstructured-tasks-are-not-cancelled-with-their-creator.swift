// Rule: cancelling a task cancels its child tasks (`async let`, task groups), not the
//   `Task {}`s it created: an unstructured task runs on until someone cancels its own handle.
//   Awaiting its `value` does not pass the cancellation on either.
// Source: [SE-0304, "Unstructured tasks"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#unstructured-tasks)
// Recipes: cancel-work-items, background-then-main
// Check: swift6 prints
// > child task (async let) cancelled: true
// > unstructured Task {} cancelled: false
/// Parks until `gate` opens, then says whether its task was cancelled by then.
func parkedUntil(_ gate: AsyncStream<Void>, ready: AsyncStream<Void>.Continuation) async -> Bool {
    ready.yield()
    for await _ in gate { break }
    return Task.isCancelled
}

@main struct Main {
    static func main() async {
        let (parked, ready) = AsyncStream.makeStream(of: Void.self)
        let (childGate, openChild) = AsyncStream.makeStream(of: Void.self)
        let (taskGate, openTask) = AsyncStream.makeStream(of: Void.self)
        let parent = Task {
            async let child = parkedUntil(childGate, ready: ready)
            let unstructured = Task { await parkedUntil(taskGate, ready: ready) }
            return (await child, await unstructured.value)
        }
        var waiting = 0
        for await _ in parked {
            waiting += 1
            if waiting == 2 { break }
        }
        parent.cancel()
        openChild.yield()
        openTask.yield()
        let (child, unstructured) = await parent.value
        print("child task (async let) cancelled: \(child)")
        print("unstructured Task {} cancelled: \(unstructured)")
    }
}
