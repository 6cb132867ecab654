import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let barrierCountedDictionary = Recipe(
        id: "barrier-counted-dictionary",
        title: "Barrier setter: count 0 removes the key",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `-setCount:forKey:` on a concurrent isolation queue"
        ],
        file: "SharedState/KeyCounts.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:attributes: .concurrent) guarding a dictionary",
                "`Mutex<[String: Int]>` in a `final class … : Sendable`; or an actor"),
            APIMapping("async(flags: .barrier) setter", "`counts.withLock { … }`, synchronous"),
            APIMapping("DispatchQueue.sync read", "`counts.withLock { $0[key] }`"),
        ],
        prose: Articles.recipe("barrier-counted-dictionary"),
        replaces: [.barrier, .barrierSync, .concurrentQueue],
        scenarios: [
            Scenario(
                "set, set, set to 0",
                rules: [.exact],
                legacy: { context in
                    Legacy.KeyCounts.setAndRemove(log: context.log)
                },
                modern: { context in
                    Modern.KeyCounts.setAndRemove(log: context.log)
                }
            ),
            Scenario(
                "8 concurrent setters",
                rules: [.invariant(["counts"])],
                legacy: { context in
                    let counts = await withCheckedContinuation { done in
                        Legacy.KeyCounts.concurrentSetters(8) { done.resume(returning: $0) }
                    }
                    let shown = Legacy.KeyCounts.describe(counts)
                    context.log("read after 8 setters: \(counts.count) keys")
                    context.record("counts", shown)
                },
                modern: { context in
                    let counts = await Modern.KeyCounts.concurrentSetters(8)
                    let shown = Modern.KeyCounts.describe(counts)
                    context.log("read after 8 setters: \(counts.count) keys")
                    context.record("counts", shown)
                }
            ),
            Scenario(
                "4 callers × 250 increments",
                rules: [.invariant(["hits"])],
                legacy: { context in
                    let hits = await withCheckedContinuation { done in
                        Legacy.KeyCounts.concurrentIncrements(callers: 4, times: 250) { done.resume(returning: $0) }
                    }
                    context.log("hits = \(hits ?? 0)")
                    context.record("hits", hits ?? 0)
                },
                modern: { context in
                    let hits = await Modern.KeyCounts.concurrentIncrements(callers: 4, times: 250)
                    context.log("hits = \(hits ?? 0)")
                    context.record("hits", hits ?? 0)
                }
            ),
            Scenario(
                "nested barrier / nested lock",
                rules: [.subprocessDemo(legacy: .hangs, modern: .traps)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        let counts = Legacy.KeyCounts()
                        counts.setCount(1, forKey: "hits")
                        counts.incrementWithANestedBarrier(forKey: "hits", log: log)
                    }),
                modern: .childProcess(
                    .onMainThread { _, log in
                        let counts = Modern.KeyCounts()
                        counts.setCount(1, forKey: "hits")
                        counts.incrementWithANestedLock(forKey: "hits", log: log)
                    })
            ),
        ]
    )
}
