// Rule: tasks created with an explicitly isolated closure (`Task { @MainActor in … }`) are
//   enqueued on that actor as they are created, so they start in creation order. A plain
//   `Task {}` that is only implicitly isolated has no such guarantee: Swift may start it
//   elsewhere (it ran in order here, but that is not promised).
// Source: [SE-0431, "`@isolated(any)` function types", "Adoption in task-creation routines"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0431-isolated-any-functions.md#adoption-in-task-creation-routines)
// Recipes: serial-queue, ordered-async-writes, serialize-async-work
// Check: swift6 prints
// > 1000 explicitly isolated tasks started in creation order: true
@MainActor var started: [Int] = []

nonisolated func submit(_ job: Int) -> Task<Void, Never> {
    Task { @MainActor in started.append(job) }
}

@main struct Main {
    static func main() async {
        let tasks = (0..<1000).map(submit)
        for task in tasks { await task.value }
        let inOrder = await MainActor.run { started == Array(0..<1000) }
        print("1000 explicitly isolated tasks started in creation order: \(inOrder)")
    }
}
