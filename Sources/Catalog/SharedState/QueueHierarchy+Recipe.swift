import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let targetQueueHierarchy = Recipe(
        id: "target-queue-hierarchy",
        title: "Several queues funnelled into one serial root",
        chapter: .sharedState,
        sources: ["Seen in real code: Alamofire Source/Core/Session.swift"],
        file: "SharedState/QueueHierarchy.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:target:) sub-queues over one serial root queue",
                "actors whose unownedExecutor is the root actor's executor"),
            APIMapping(
                "OperationQueue with underlyingQueue = the root, maxConcurrentOperationCount = 1",
                "one more actor on the root's executor"),
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(root)) inside a sub-queue's block",
                "root.assumeIsolated { } inside a sub-actor: a run-time check, no await"),
        ],
        prose: Articles.recipe("target-queue-hierarchy"),
        replaces: [.queueTarget],
        scenarios: [
            Scenario(
                "3 sub-queues × 4 jobs",
                rules: [
                    .perSourceOrder(QueueHierarchyScenario.prefixes),
                    .invariant(["maxInFlight", "eachQueueInOrder", "jobsRun"]),
                ],
                legacy: { context in
                    let result = await onOwnThread {
                        Legacy.QueueHierarchy.runJobs(jobsPerQueue: 4, log: context.log)
                    }
                    QueueHierarchyScenario.record(result, jobs: 4, context)
                },
                modern: { context in
                    let result = await Modern.QueueHierarchy.runJobs(jobsPerQueue: 4, log: context.log)
                    QueueHierarchyScenario.record(result, jobs: 4, context)
                }
            ),
            Scenario(
                "3 sub-queues × 300 jobs",
                rules: [.exact, .invariant(["maxInFlight", "eachQueueInOrder", "jobsRun"])],
                legacy: { context in
                    let result = await onOwnThread {
                        Legacy.QueueHierarchy.runJobs(jobsPerQueue: 300, log: { _ in })
                    }
                    QueueHierarchyScenario.record(result, jobs: 300, context, summary: true)
                },
                modern: { context in
                    let result = await Modern.QueueHierarchy.runJobs(jobsPerQueue: 300, log: { _ in })
                    QueueHierarchyScenario.record(result, jobs: 300, context, summary: true)
                }
            ),
        ]
    )
}

private enum QueueHierarchyScenario {
    static let prefixes = ["request ", "parse ", "delegate "]

    static func record(
        _ result: (maxInFlight: Int, ran: [String]), jobs: Int, _ context: RunContext, summary: Bool = false
    ) {
        let inOrder = Legacy.QueueHierarchy.eachSourceInOrder(result.ran, jobs: jobs)
        if summary {
            context.log("\(result.ran.count) jobs, max in flight \(result.maxInFlight), in order: \(inOrder)")
        }
        context.record("maxInFlight", result.maxInFlight)
        context.record("eachQueueInOrder", inOrder)
        context.record("jobsRun", result.ran.count)
    }
}
