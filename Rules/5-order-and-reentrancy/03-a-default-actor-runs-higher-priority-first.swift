// Rule: a default actor runs the jobs waiting for it by priority, not by arrival: a
//   higher-priority task enqueued later runs before lower-priority ones enqueued earlier, so
//   "in order" holds only among tasks of equal priority. A serial `DispatchQueue` stays FIFO.
// Source: the Swift runtime's default actor (`stdlib/public/Concurrency/Actor.cpp`, whose job
//   queue is a `PriorityQueue`); [SE-0306, "Actors"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0306-actors.md)
// Recipes: serial-queue, actor-reentrancy
// Check: swift6 prints
// > high 0, high 1, high 2, low 0, low 1, low 2
actor Worker {
    var log: [String] = []

    func record(_ entry: String) { log.append(entry) }

    /// Queues six tasks on the actor while it is busy running this method.
    func queueWhileBusy() async -> [String] {
        var tasks: [Task<Void, Never>] = []
        for index in 0..<3 { tasks.append(Task(priority: .low) { self.record("low \(index)") }) }
        for index in 0..<3 { tasks.append(Task(priority: .high) { self.record("high \(index)") }) }
        for task in tasks { await task.value }
        return log
    }
}

@main struct Main {
    static func main() async {
        print(await Worker().queueWhileBusy().joined(separator: ", "))
    }
}
