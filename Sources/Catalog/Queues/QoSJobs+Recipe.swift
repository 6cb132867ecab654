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
        problem: "Choose a global concurrent queue by the urgency of the work, and carry that urgency over to tasks.",
        changes: [
            "`DispatchQueue.global(qos: .userInitiated).async { … }` becomes `Task(priority: .high) { … }`. The mapping is `.userInitiated` → `.high` (`TaskPriority.userInitiated` is the same value), `.default` → `.medium`, `.utility` → `.low` (= `.utility`), `.background` → `.background`.",
            "`TaskPriority` has no user-interactive level. Work that drives the UI belongs on the main actor, so the user-interactive job becomes `Task(priority: .high) { @MainActor in … }`.",
            "The priority propagates: `Task.currentPriority` inside each job equals the priority it was created with, and an `async let` child reads the same value. The recorded table (the class each job ran at, as a `TaskPriority`) is equal on both sides.",
            "The classic `GlobalUserInitiatedQueue`-style computed variables are unnecessary: `DispatchQueue.global(qos:)` is the shortcut, and the old `DISPATCH_QUEUE_PRIORITY_HIGH/DEFAULT/LOW/BACKGROUND` map to `.userInitiated`, `.default`, `.utility` and `.background`.",
        ],
        pitfalls: [
            "QoS and priority are hints. Neither orders jobs nor guarantees CPU share, least of all on Linux; never write code (or tests) that depends on a higher priority running first.",
            "Awaiting a task raises its priority to the waiter's (escalation). On Linux `Task.currentPriority` shows it: a `.background` task awaited at once from a `.medium` one can read `.medium`. The recipe's jobs report through a stream and are awaited only after they have reported, so each reads its own priority.",
            "A task created with `Task {}` inherits the creating task's priority (and actor); pass `priority:` only where the work's urgency really differs from its caller's.",
            "The C API's second argument to `dispatch_get_global_queue` is reserved and must be 0.",
            "Global `var`s are errors in Swift 6 (shared mutable state); the classic computed global properties are fine, but a `static let` or a direct call is simpler.",
        ],
        platformNotes: [
            "**Linux**: the global user-interactive queue reports `.userInitiated` as its `qos`, and `DispatchQueue.global()` reports `.unspecified` rather than `.default` (`QoSJobsTests.linuxFoldsUserInteractiveIntoUserInitiated`, `QoSJobsTests.linuxDefaultGlobalQueueReportsUnspecified`). Don't branch on what `.qos` returns.",
        ],
        annotations: [
            "`log` and `completion` are `@escaping @Sendable`: they run on the global queues' threads.",
            "`QoSObservations` is `@unchecked Sendable`, and every access to its dictionary holds its `NSLock`.",
        ],
        errata: [
            "*iOS Programming Cookbook*, §7.5: \"the higher the priority, the more CPU time the code on that queue gets\" overstates it. A priority is a hint to the scheduler, not a share of the CPU."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `QoSJobs.run` would be main-actor-isolated and every job's task would inherit the main actor, so all four would report from it; `nonisolated` keeps only the user-interactive job on the main actor, as its `@MainActor` closure says.",
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
