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
        problem: """
            Spawn thousands of workers that each do one small unit of work, and join them: as \
            threads, and as child tasks. Then make every worker wait until all of them exist, \
            which is what thousands of workers blocked on I/O or a lock look like.
            """,
        changes: [
            """
            Every unit is done on both sides; what differs is the cost. Measured with `swift run \
            -c release compare thread-creation-cost` (2,000 workers) on 2026-11-24 (Linux, 2 \
            cores, Swift 6.3.1, release build, two runs while other builds kept the load average \
            between 9 and 21). Median wall time per run, peak thread count (including \
            `compare`'s sampler) and peak resident memory of the whole process, which is about \
            23 MB before any worker starts (`--pace test`, 100 workers):
            """,
            """
            **Spawn and join**, 2,000 workers: threads 88 and 104 ms, about 50 µs per thread \
            created, run and joined; tasks 2.3 and 2.7 ms, about 1.3 µs each (0.03×). 58 to 109 \
            threads at the peak against 5; 44.6 MB against 29.2 MB.
            """,
            """
            **All waiting at once**, 2,000 workers: threads 112 and 120 ms, tasks 4.7 and 4.1 ms \
            (0.04×); about 2,000 threads at the peak against 5; 47.1 MB against 31.6 MB. With \
            `--pace realistic` (10,000 workers): 734 ms against 130 ms, 10,006 threads against \
            6, and 149.1 MB against 68.3 MB, roughly 12 KB per waiting thread and 4.5 KB per \
            waiting task above the baseline. (Spawn and join at 10,000: 529 ms against 13.7 ms.)
            """,
            """
            So the thread's price is mostly time and kernel threads, not memory: its 8 MiB stack \
            is address space, and only the pages it touches count. Creating and joining a \
            thread is two system calls and a scheduling round trip; a task is an allocation the \
            pool's few threads pick up.
            """,
            """
            The join is built in: the task group's scope ends when every child has finished, \
            where the caller calls `pthread_join` once per thread, blocked until that thread has \
            exited. The gate that holds every worker back until all exist is a `DispatchGroup` \
            entered once on the legacy side, and a small actor that keeps the waiting \
            continuations on the modern side.
            """,
        ],
        pitfalls: [
            """
            GCD adds threads when its blocks block (thread explosion), so "cheap" queue work that waits turns into the expensive case above. The \
            cooperative pool never grows: a task that blocks (a semaphore, `Thread.sleep`, a \
            synchronous read) holds one of its few threads, and enough of them stall every task \
            in the process (`blocking-the-pool`). Tasks are cheap only because they suspend \
            instead of blocking.
            """,
            """
            `Thread` has no join. A `DispatchGroup` that each thread leaves says the work is done, \
            not that the thread has exited: the threads are still tearing down when `wait()` \
            returns, so the next thing you measure or start meets them (in a first version of \
            this recipe built on `Thread` and a group, the modern side, measured right after, saw \
            1,998 threads: the legacy ones, still exiting). That is why the legacy \
            side here uses `pthread_create` and `pthread_join` (a `Thread` is a POSIX thread with \
            an object around it), and why the process's thread count is back where it started \
            once the scenario returns (`SpawnAndJoinTests.threadCountReturnsToWhereItStarted`).
            """,
            """
            Don't shrink `Thread.stackSize` to make threads cheaper: untouched stack costs only \
            address space, and too small a stack crashes on deep calls (`thread-stack-size`).
            """,
        ],
        annotations: [
            """
            `work` is `@escaping @Sendable`: thousands of threads call it at once. The closure \
            reaches its thread through `pthread_create`'s raw pointer, retained with `Unmanaged` \
            and released by the thread; its box (`Entry`) is `Sendable`, as it holds only the \
            `@Sendable` closure.
            """
        ],
        differences: [
            """
            A waiting thread is a thread; a waiting task is not. With every worker waiting, the \
            process has a thread per legacy worker, while the modern workers are suspended tasks \
            and the process has no more threads than before plus the pool, one per core \
            (`SpawnAndJoinTests.legacyAddsAThreadPerWaitingWorkerModernAddsNone`). Both sides \
            still do every unit, and every thread has exited when the legacy side returns \
            (`SpawnAndJoinTests.threadCountReturnsToWhereItStarted`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `tasks(count:work:)` and `tasksAllWaiting` would create and join their children from the main actor; `nonisolated` keeps them on the caller's executor.",
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
