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
        problem: """
            Eight pieces of work wait for a signal that a ninth sends. With GCD blocks that is \
            wasteful but works: each waiter blocks a thread, and GCD runs the signaller on another \
            one. Move the same code into tasks and it starves: the cooperative pool has one \
            thread per core (2 here) and never adds one, so the waiters hold every thread and the \
            signaller never gets to run.
            """,
        changes: [
            """
            The waiters `await` an `AsyncSignal` instead of blocking in `DispatchSemaphore.wait`: \
            a suspended task holds no thread, so the ninth task runs at once and all eight are \
            released, as on the legacy side (the scenario \"8 waiters, a 9th signals\").
            """,
            """
            `AsyncSignal` is a counting signal built on a `Mutex` and checked continuations: \
            `signal()` resumes the longest waiter (FIFO, \
            `SemaphoreStarvationTests.asyncSignalIsFIFO`) or, when nobody waits, keeps the permit \
            for the next `wait()`: it never drops a signal and never blocks the signaller. \
            Hundreds of waiters and signallers at once leave no waiter and no permit behind \
            (`SemaphoreStarvationTests.hundredsOfWaitersAndSignallers`).
            """,
            """
            A cancelled waiter leaves the queue and throws `CancellationError`, whether it is \
            cancelled before it waits or while it waits; one cancelled after being resumed keeps \
            its permit. No continuation leaks and no permit is lost: afterwards nobody is waiting \
            and every signal reaches a waiter \
            (`SemaphoreStarvationTests.cancelledWaitersLeaveTheSignalConsistent`).
            """,
            """
            The legacy way to wait without a thread is `DispatchGroup.notify`: each waiter hands \
            a block to a group that the signaller leaves (the scenario \"waiting without a \
            thread\"). `await` says the same thing in straight-line code.
            """,
        ],
        pitfalls: [
            """
            The compiler flags `NSLock.lock`, `NSCondition.wait` and `Thread.sleep` in async \
            code, but not `DispatchSemaphore.wait`, `DispatchGroup.wait`, `usleep` or \
            `DispatchQueue.main.sync`. Search for them (`swift run scan` does).
            """,
            """
            The demos run in a child process, never in the caller: 8 tasks block in \
            `sem.wait(timeout:)` and, on 2 cores, time out two at a time before the ninth task \
            can signal (`SemaphoreStarvationTests.blockingWaitersTimeOutBeforeTheSignal`). The \
            demo scales the 3 s timeout of the unscaled bug down to at most 300 ms, so it ends in \
            about a second; unscaled, the 4 rounds of 2 waiters take about 12 s. With plain \
            `wait()` the child never ends and is killed at the timeout \
            (`SemaphoreStarvationTests.blockingWaitersWithoutATimeoutHang`).
            """,
            """
            A timeout only hides the bug: the work still waits for whole rounds of timeouts, and \
            the waiters that gave up never got their signal.
            """,
        ],
        platformNotes: [
            """
            **Linux**: GCD is not immune either. The global queues start one thread per core and, \
            while all of them are blocked, add one only about once a second. With the ninth block \
            on `DispatchQueue.global()` too, the legacy code took 6.5 s on 2 cores (measured \
            2026-11-24 with the same code built alone by `swiftc -O`, Swift 6.3.1); the recipe \
            sends the signal from a serial queue, which gets a thread of its own at once.
            """,
            """
            **Darwin**: the kernel adds threads to blocked global queues at once (the thread \
            explosion `blocking-the-pool` shows).
            """,
        ],
        annotations: [
            """
            `WaiterResults` is `@unchecked Sendable`: its array is only touched while holding its \
            `NSLock`. The `done` and `log` closures are `@escaping @Sendable`: they run on the \
            queues' threads.
            """
        ],
        differences: [
            """
            Legacy blocks waiting for the semaphore are all released (GCD runs the signaller on \
            another thread); the same waits in tasks time out before the ninth task can signal, \
            or hang for good without a timeout \
            (`SemaphoreStarvationTests.legacyBlockingWaitersAreReleased`, \
            `SemaphoreStarvationTests.blockingWaitersTimeOutBeforeTheSignal`, \
            `SemaphoreStarvationTests.blockingWaitersWithoutATimeoutHang`).
            """
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `AsyncSignal` and the `dispatchInterval` helper would land on the main actor, so the child tasks could call neither `signal()` nor the helper; `nonisolated` keeps them usable from any task.",
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
                    .async { pace, log in
                        await withCheckedContinuation { done in
                            Legacy.SemaphoreStarvation.runWaiters(timeout: starvationTimeout(pace), log: log) {
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

/// The waiters' timeout: the bug's 3 s, scaled by the pace and capped at 300 ms, so that the
/// child's 4 rounds of timeouts (2 cores) end in about a second at any pace.
func starvationTimeout(_ pace: Pace) -> Duration {
    min(pace(.seconds(3)), .milliseconds(300))
}
