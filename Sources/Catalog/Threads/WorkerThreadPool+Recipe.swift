import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let workerThreadPool = Recipe(
        id: "worker-thread-pool",
        title: "Dedicated threads for blocking work, awaited from async code",
        chapter: .threads,
        sources: ["Seen in real code: apple/swift-nio Sources/NIO/NIOThreadPool.swift (older version)"],
        file: "Threads/WorkerThreadPool.swift",
        apis: [
            APIMapping("N × Thread serving a shared queue of work items", "the same threads, kept"),
            APIMapping("NSLock around the item queue", "`Mutex<State>`"),
            APIMapping(
                "DispatchSemaphore counting queued items (signal per submit, wait per thread)",
                "the same semaphore, waited on only by the pool's own threads"),
            APIMapping(
                "submit(item) with an `.active`/`.cancelled` callback, and a DispatchGroup to wait",
                "`try await pool.run { … }`: a checked continuation resumed by the pool thread"),
            APIMapping("DispatchGroup.wait for the threads to end", "`await pool.shutdown()`"),
        ],
        problem: """
            Blocking work (a synchronous read, a C library that waits) runs on a few threads the \
            app keeps for it: 100 items on 4 threads, then the pool shuts down and one more item \
            is submitted. You have probably met this in swift-nio's `NIOThreadPool` (older \
            versions: threads taking items from a lock-protected queue, woken by a semaphore, \
            each item told `.active` or `.cancelled`).
            """,
        changes: [
            """
            The pool is not replaced: blocking work must not run on the cooperative pool, whose \
            threads (one per core, never more) every task in the process shares \
            (`blocking-the-pool`). What changes is the hand-off: `run` queues the item with a \
            continuation and suspends; the pool thread that runs it resumes the caller with the \
            value or the error.
            """,
            """
            Every item runs exactly once on at most N distinct kernel threads, from hundreds of \
            concurrent callers on both sides \
            (`WorkerThreadPoolTests.hundredsOfCallersRunEachItemOnceOnAtMostNThreads`).
            """,
            """
            `shutdown` closes the pool, cancels queued items, lets running ones finish and waits \
            until every thread has ended (the legacy side blocks on a `DispatchGroup`, the modern \
            side suspends until the last thread resumes it); an item submitted afterwards fails \
            with "cancelled" \
            (`WorkerThreadPoolTests.shutdownCancelsQueuedAndLateItemsAndEndsEveryThread`).
            """,
            """
            Fairness and back-pressure: items start in FIFO order \
            (`WorkerThreadPoolTests.modernItemsStartInSubmissionOrder`). The queue has no bound: \
            when the threads are slower than the callers, the queue grows and callers wait \
            (suspended, not refused or dropped) \
            (`WorkerThreadPoolTests.modernSlowThreadsQueueCallersWithoutDropping`). Bound it \
            with a `resource-pool`-style limit in front if callers can outrun the threads forever.
            """,
        ],
        pitfalls: [
            """
            Don't "modernise" the pool into `Task {}` or a task group around blocking calls: \
            with 2 cores, two blocked tasks stall every task in the process. The threads stay; \
            only the waiting moves to a continuation.
            """,
            """
            Every path must resume the continuation exactly once: run, cancelled while queued, \
            queued at shutdown, submitted after shutdown. A job removed from the queue by \
            cancellation must not be run too; the `Mutex` makes "taken by a thread" and "taken \
            by the cancel handler" exclusive.
            """,
            """
            A cancel handler can run before the item is queued (the task was cancelled a moment \
            earlier): it finds nothing to remove, so the enqueue checks `Task.isCancelled` under \
            the same lock.
            """,
            """
            Leftover semaphore signals (from a cancelled item) only wake a thread that finds \
            the queue empty and waits again: harmless, as long as the loop re-checks the queue \
            and never assumes one signal means one item.
            """,
        ],
        annotations: [
            """
            Legacy: `@unchecked Sendable`, protected by `lock` (the queue, the open flag). \
            Modern: `Sendable` with no escape hatch, the state lives in a `Mutex`, and each \
            queued job holds the caller's `CheckedContinuation` (which is `Sendable`).
            """,
            """
            `DispatchSemaphore.wait` in the modern file is called only on the pool's own \
            threads, never from async code.
            """,
        ],
        differences: [
            """
            Cancelling a caller. The legacy submitter has no way to withdraw an item: it runs \
            once a thread is free. A modern caller cancelled while its item is queued gets \
            `CancellationError` at once, the item never runs, and nothing is left queued; the \
            pool then still runs a full set of N items at once \
            (`WorkerThreadPoolTests.modernCancelWhileQueuedRemovesItemAndKeepsCapacity`). \
            Cancelled before the call, the item is never queued \
            (`WorkerThreadPoolTests.modernCancelBeforeCallNeverQueues`); cancelled after its \
            item has started, the item finishes and the caller gets its result \
            (`WorkerThreadPoolTests.modernCancelAfterStartStillDeliversResult`).
            """
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `WorkerThreadPool` would land on the main actor, so its own threads could not run `serve()` and the cancellation handler could not call `take`; `nonisolated` keeps the pool usable from its threads and from any task.",
        replaces: [.thread, .semaphore, .semaphoreSignal, .nsLock],
        scenarios: [
            Scenario(
                "100 items, 4 threads",
                rules: [.exact, .invariant(["each ran once", "threads used ≤ 4"])],
                legacy: { context in
                    let block = context.pace(.milliseconds(20))
                    let result = await onOwnThread {
                        Legacy.WorkerThreadPool.run(block: block, log: context.log)
                    }
                    record(result, context)
                },
                modern: { context in
                    let result = await Modern.WorkerThreadPool.run(
                        block: context.pace(.milliseconds(20)), log: context.log)
                    record(result, context)
                }
            )
        ]
    )
}

private func record(_ result: (runs: [Int], threads: Set<UInt>), _ context: RunContext) {
    context.record("each ran once", result.runs.allSatisfy { $0 == 1 })
    context.record("threads used ≤ 4", result.threads.count <= 4)
}
