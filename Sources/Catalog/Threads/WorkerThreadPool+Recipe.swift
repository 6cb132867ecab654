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
        prose: Articles.recipe("worker-thread-pool"),
        isBridging: true,
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
