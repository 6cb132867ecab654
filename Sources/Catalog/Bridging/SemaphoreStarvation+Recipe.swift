import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let semaphoreStarvation = Recipe(
        id: "semaphore-in-async-starvation",
        title: "Blocking waits inside tasks deadlock the pool",
        chapter: .bridging,
        sources: ["Seen in real code wherever a semaphore waits inside a task; it shows the \"never block the cooperative pool\" rule on Linux"],
        file: "Bridging/SemaphoreStarvation.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore.wait() inside a task",
                "`await` a signal (a continuation resumed by `signal()`): the waiter suspends and frees its thread"
            ),
            APIMapping(
                "DispatchSemaphore.signal()",
                "resume the longest-waiting continuation, or keep a permit for the next `wait()`"
            ),
            APIMapping("DispatchGroup.notify to wait without a thread", "`await`"),
        ],
        prose: Articles.recipe("semaphore-in-async-starvation"),
        isBridging: true,
        replaces: [.semaphoreSignal, .semaphore, .groupNotify],
        scenarios: [
            Scenario(
                "8 waiters, a 9th signals",
                rules: [.multiset],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.SemaphoreStarvation.runWaiters(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    try await Modern.SemaphoreStarvation.suspendingWaiters(log: context.log)
                }
            ),
            Scenario(
                "waiting without a thread",
                rules: [.multiset],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.SemaphoreStarvation.notifiedWaiters(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    try await Modern.SemaphoreStarvation.suspendingWaiters(log: context.log)
                }
            ),
            Scenario(
                "blocking waits with a timeout",
                rules: [.subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        await withCheckedContinuation { done in
                            // The bug's own 3 s: GCD releases every waiter as soon as the signaller
                            // runs, so the timeout only decides how late a signaller may be on a
                            // loaded machine before the page's lines change.
                            Legacy.SemaphoreStarvation.runWaiters(timeout: .seconds(3), log: log) {
                                done.resume()
                            }
                        }
                    }),
                modern: .childProcess(
                    .async { pace, log in
                        await Modern.SemaphoreStarvation.runBlockingWaiters(timeout: starvationTimeout(pace), log: log)
                    })
            ),
            Scenario(
                "blocking waits, no timeout",
                rules: [.subprocessDemo(legacy: .finishes, modern: .hangs)],
                legacy: .childProcess(
                    .async { _, log in
                        await withCheckedContinuation { done in
                            Legacy.SemaphoreStarvation.runWaiters(log: log) { done.resume() }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.SemaphoreStarvation.runBlockingWaiters(timeout: nil, log: log)
                    })
            ),
        ]
    )
}

/// The modern waiters' timeout: the bug's 3 s, scaled by the pace and capped at 300 ms, so that
/// the child's 4 rounds of timeouts (2 cores) end in about a second at any pace. The legacy side
/// keeps the 3 s: its waiters are released when the signaller runs, long before.
func starvationTimeout(_ pace: Pace) -> Duration {
    min(pace(.seconds(3)), .milliseconds(300))
}
