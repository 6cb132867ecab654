import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let qosGlobalQueues = Recipe(
        id: "qos-global-queues",
        title: "Global queues by priority / QoS → `TaskPriority`",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.5 \"Executing Non-UI Related Tasks Synchronously with GCD\" (its global-queue priorities)",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Queue Types\" and \"Handling Background Tasks\" (its global-queue shortcut variables)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its lists of the global queues and QoS classes and its global-queue shortcut variables",
        ],
        file: "Queues/QoSJobs.swift",
        apis: [
            APIMapping(
                "DispatchQueue.global(qos:)",
                "`Task(priority:)`; a `@concurrent` function; `@MainActor` for user-interactive work"
            ),
            APIMapping(
                "DispatchQoS.QoSClass (`QOS_CLASS_*`, `DISPATCH_QUEUE_PRIORITY_*`)",
                "`TaskPriority`: `.high` (= `.userInitiated`), `.medium`, `.low` (= `.utility`), `.background`; no user-interactive level"
            ),
            APIMapping("DispatchQueue.qos", "`Task.currentPriority`"),
            APIMapping("DispatchGroup.notify(queue:)", "`await` each task's `value`"),
        ],
        prose: Articles.recipe("qos-global-queues"),
        replaces: [.globalQueue, .dispatchQoS],
        scenarios: [
            Scenario(
                rules: [.invariant(QoSJobsTable.keys)],
                legacy: { context in
                    let observed = await withCheckedContinuation { done in
                        Legacy.QoSJobs.run(log: context.log) { done.resume(returning: $0) }
                    }
                    for (submitted, running) in observed {
                        context.record("\(submitted)", QoSJobsTable.priorityName(ofQoS: running))
                    }
                    context.record("jobs completed", observed.count)
                },
                modern: { context in
                    let observed = await Modern.QoSJobs.run(log: context.log)
                    for (urgency, seen) in observed {
                        let own = QoSJobsTable.name(of: seen.priority)
                        let child = QoSJobsTable.name(of: seen.childPriority)
                        context.record(urgency.rawValue, own == child ? own : "\(own), child \(child)")
                    }
                    context.record("jobs completed", observed.count)
                }
            )
        ]
    )
}

/// The recorded table: each job, by the QoS class it was submitted with, and the `TaskPriority`
/// (by name) it ran at. Legacy QoS classes are translated with the Modern side's own mapping.
enum QoSJobsTable {
    static let keys = Modern.QoSJobs.Urgency.allCases.map(\.rawValue) + ["jobs completed"]

    static func priorityName(ofQoS qos: DispatchQoS.QoSClass) -> String {
        guard let urgency = Modern.QoSJobs.Urgency(rawValue: "\(qos)") else { return "\(qos)" }
        return name(of: urgency.priority)
    }

    static func name(of priority: TaskPriority) -> String {
        switch priority {
        case .high: "high"
        case .medium: "medium"
        case .low: "low"
        case .background: "background"
        default: "\(priority.rawValue)"
        }
    }
}
