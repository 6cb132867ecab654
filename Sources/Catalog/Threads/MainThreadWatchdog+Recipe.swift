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
            APIMapping(
                "CFRunLoopObserverCreateWithHandler + CFRunLoopAddObserver on main, a watchdog thread in semaphore.wait(timeout:)",
                "the same ping loop: the main actor has no run-loop activities to observe"),
        ],
        prose: Articles.recipe("main-thread-watchdog"),
        replaces: [
            .detachNewThread, .threadSleep,
            CodeShape(
                "CFRunLoopObserver",
                swift: ["CFRunLoopObserverCreateWithHandler", "CFRunLoopObserverCreate", "CFRunLoopAddObserver"],
                objc: ["CFRunLoopObserverCreateWithHandler", "CFRunLoopObserverCreate", "CFRunLoopAddObserver"],
                modern: "a task that pings the main actor and counts the pings it doesn't answer",
                home: "main-thread-watchdog"),
        ],
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
            Scenario(
                "main run loop blocked, seen by an observer",
                rules: [.subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { pace, log in
                        Legacy.RunLoopHangDetector.blockMainRunLoop(
                            interval: seconds(watchdogInterval(pace)), log: log)
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
