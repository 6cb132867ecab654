import Legacy
import Modern
import RecipeKit
import Synchronization

extension Recipe {
    static let spawnAndJoin = Recipe(
        id: "thread-creation-cost",
        title: "Threads are expensive, tasks are cheap",
        chapter: .threads,
        sources: ["*Threading Programming Guide*, \"Thread Management\" › \"Thread Costs\" (Table 2-1)"],
        file: "Threads/SpawnAndJoin.swift",
        apis: [
            APIMapping("pthread_create ×N, then pthread_join each", "N child tasks in `withDiscardingTaskGroup`"),
            APIMapping(
                "Thread(block:) ×N with a DispatchGroup (no join)",
                "a task group, whose scope ends when every child has finished"),
            APIMapping("Thread.stackSize", "no per-task stack: a suspended task keeps only its own small context"),
        ],
        prose: Articles.recipe("thread-creation-cost"),
        replaces: [.pthreadCreate, .thread],
        scenarios: [
            Scenario(
                "spawn and join",
                rules: [.invariant(["units missing"])],
                legacy: { context in
                    let workers = workerCount(context.pace)
                    let done = Units()
                    await onOwnThread {
                        Legacy.SpawnAndJoin.threads(count: workers) { _ in done.add() }
                    }
                    report(context, workers: workers, done: done, kind: "thread")
                },
                modern: { context in
                    let workers = workerCount(context.pace)
                    let done = Units()
                    await Modern.SpawnAndJoin.tasks(count: workers) { _ in done.add() }
                    report(context, workers: workers, done: done, kind: "task")
                }
            ),
            Scenario(
                "all waiting at once",
                rules: [.invariant(["units missing"])],
                legacy: { context in
                    let workers = workerCount(context.pace)
                    let done = Units()
                    await onOwnThread {
                        Legacy.SpawnAndJoin.threadsAllWaiting(count: workers) { _ in done.add() }
                    }
                    report(context, workers: workers, done: done, kind: "thread")
                },
                modern: { context in
                    let workers = workerCount(context.pace)
                    let done = Units()
                    await Modern.SpawnAndJoin.tasksAllWaiting(count: workers) { _ in done.add() }
                    report(context, workers: workers, done: done, kind: "task")
                }
            ),
        ]
    )
}

/// How many workers a scenario spawns: thousands where `compare` measures, a hundred in the suite.
private func workerCount(_ pace: Pace) -> Int {
    switch pace {
    case .test: 100
    case .realistic: 10_000
    default: 2_000
    }
}

/// The units of work done so far, counted by every worker at once.
private final class Units: Sendable {
    private let done = Atomic(0)

    func add() { done.wrappingAdd(1, ordering: .relaxed) }

    var count: Int { done.load(ordering: .relaxed) }
}

/// Logs and records how many units are missing (0 when every worker did its unit), in words that
/// don't depend on the pace.
private func report(_ context: RunContext, workers: Int, done: Units, kind: String) {
    let missing = workers - done.count
    context.log(missing == 0 ? "every \(kind) did its unit of work" : "\(missing) units missing")
    context.record("units missing", missing)
}
