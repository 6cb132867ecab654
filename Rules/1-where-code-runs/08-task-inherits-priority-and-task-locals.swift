// Rule: `Task {}` inherits its creator's priority and task-local values; `Task.detached {}`
//   inherits neither (it gets the default priority, or the one passed, and no task locals).
// Source: [SE-0304, "Unstructured tasks"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#unstructured-tasks);
//   [SE-0311, "Task local values"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0311-task-locals.md)
// Recipes: thread-local-storage, cancel-work-items, qos-global-queues
// Check: swift6 prints
// > Task {}: priority high, request id 42
// > Task.detached {}: priority medium, request id nil
enum Request {
    @TaskLocal static var id: Int?
}

func describe(_ priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    default: "\(priority.rawValue)"
    }
}

func report() -> String {
    "priority \(describe(Task.currentPriority)), request id \(Request.id.map(String.init) ?? "nil")"
}

@main struct Main {
    static func main() async {
        // The reports come back through a stream: awaiting a task's value would raise its
        // priority to the waiter's (`awaiting-a-task-raises-its-priority`).
        let (reports, send) = AsyncStream.makeStream(of: String.self)
        Task(priority: .high) {
            Request.$id.withValue(42) {
                Task { send.yield("Task {}: \(report())") }
                Task.detached { send.yield("Task.detached {}: \(report())") }
            }
        }
        var lines: [String] = []
        for await line in reports {
            lines.append(line)
            if lines.count == 2 { break }
        }
        for line in lines.sorted() { print(line) }
    }
}
