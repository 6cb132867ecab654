import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let mainThreadWatchdog = Recipe(
        id: "main-thread-watchdog",
        title: "Detect a main thread that stops responding",
        chapter: .threads,
        sources: ["Seen in real code: getsentry/sentry-cocoa Sources/Sentry/SentryANRTracker.m"],
        file: "Threads/MainThreadWatchdog.swift",
        apis: [
            APIMapping(
                "Thread.detachNewThread running a ping-and-sleep loop",
                "`Task.detached` running the loop, stopped by `cancel()`"),
            APIMapping(
                "DispatchQueue.main.async { ticks = 0 } as the ping",
                "`Task { @MainActor in ticks.store(0) }`"),
            APIMapping(
                "NSLock-guarded tick count (an atomic in the Objective-C original)",
                "`Atomic<Int>` in a `Sendable` class"),
            APIMapping("Thread.sleep(forTimeInterval:) between pings", "`Task.sleep(for:)`, which a cancel interrupts"),
        ],
        problem: """
            Notice, from outside, that the main thread has stopped answering (an "app not \
            responding" report), and notice again when it recovers, without reporting every \
            tick of a long hang. You have probably met this in Sentry's `SentryANRTracker`: a \
            thread that pings the main queue and counts the pings that went unanswered.
            """,
        changes: [
            """
            The watchdog thread becomes a `Task.detached` loop: detached so that it does not \
            inherit the main actor it watches. Each interval it adds one to an `Atomic<Int>` \
            and posts `Task { @MainActor in … }` to set it back to zero; the count reaches the \
            threshold only if main has answered none of the last pings.
            """,
            """
            With main blocked for at least 5 intervals, both sides report exactly one \
            `hang detected`, then one `hang stopped` once main runs again \
            (`MainThreadWatchdogTests.blockedMainReportsOneHangThenRecovery`, in a child \
            process); with main responsive, neither reports anything \
            (`MainThreadWatchdogTests.responsiveMainGetsNoReport`).
            """,
            """
            Stopping is cancellation: `task.cancel()` wakes the loop out of `Task.sleep` at \
            once, and `await task.value` returns when it has ended. The legacy `stop()` sets a \
            locked flag and waits on a semaphore the thread signals as it exits.
            """,
        ],
        pitfalls: [
            """
            The modern loop sleeps on the cooperative pool. A blocked main actor does not \
            touch the pool (on Linux it is the main queue), so the watchdog keeps running; but \
            if the hang you need to catch is a starved pool (every pool thread blocked in a \
            semaphore wait, see `semaphore-in-async-starvation`), the task can't run either and \
            stays silent. Then run the same loop on a dedicated `Thread`, as the legacy side does.
            """,
            """
            Report on the transition, not on every tick: a flag (`isHanging`) makes a long hang \
            one `hang detected`, and the first ping that runs afterwards one `hang stopped`.
            """,
            """
            Pick the threshold in intervals, not in pings: an interval shorter than the \
            latency of a busy but healthy main queue gives false alarms. The demo uses 5 \
            intervals of at least 40 ms.
            """,
            """
            Pings left queued when the watchdog stops still run later on main. They only \
            reset the shared count (and keep it, or the legacy watchdog object, alive until \
            they run), so they are harmless; a ping must never do real work.
            """,
        ],
        platformNotes: [
            """
            **Linux**: main-queue and main-actor work may run on a thread other than the main \
            thread (after `dispatchMain()`, under Swift Testing): the pings test the main queue, \
            which is what a hang blocks, never `Thread.isMainThread` (see `main-thread-check`).
            """,
        ],
        annotations: [
            "Legacy: the watchdog class is `@unchecked Sendable`; an `NSLock` guards the tick count and the stop flag (Linux has no `OSAtomic`).",
            "Modern: the `Atomic<Int>` lives in a `Sendable` final class, because `Atomic` is `~Copyable` and the main-actor ping must capture it.",
        ],
        differences: [
            """
            Modern stops at once when cancelled, even in the middle of a long sleep \
            (`MainThreadWatchdogTests.modernStopsMidSleepWhenCancelled`); the legacy `stop()` \
            waits until the thread wakes from its current sleep, up to one interval, and then \
            the thread has exited (`MainThreadWatchdogTests.legacyStopEndsItsThread`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `watch` would be main-actor-isolated, so the detached task would run the watchdog's loop on the very main actor it watches and a hang would silence it; `nonisolated` keeps the loop in the detached task, off the main actor.",
        replaces: [.detachNewThread, .threadSleep],
        scenarios: [
            Scenario(
                "main responsive",
                rules: [.exact],
                legacy: { context in
                    let interval = watchdogInterval(context.pace)
                    await onOwnThread {
                        Legacy.MainThreadWatchdog.watchResponsiveMain(
                            interval: seconds(interval), intervals: 6, log: context.log)
                    }
                },
                modern: { context in
                    await Modern.MainThreadWatchdog.watchResponsiveMain(
                        interval: watchdogInterval(context.pace), intervals: 6, log: context.log)
                }
            ),
            Scenario(
                "main blocked",
                rules: [.subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .async { pace, log in
                        let interval = seconds(watchdogInterval(pace))
                        await onOwnThread {
                            Legacy.MainThreadWatchdog.blockMain(interval: interval, log: log)
                        }
                    }),
                modern: .childProcess(
                    .async { pace, log in
                        await Modern.MainThreadWatchdog.blockMain(interval: watchdogInterval(pace), log: log)
                    })
            ),
        ]
    )
}

/// The watchdog's interval: half a second, paced, but never under 40 ms, so that a busy but
/// healthy main queue (a loaded test run) does not miss 5 pings in a row.
func watchdogInterval(_ pace: Pace) -> Duration {
    max(pace(.milliseconds(500)), .milliseconds(40))
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
