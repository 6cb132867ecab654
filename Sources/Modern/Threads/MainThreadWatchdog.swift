import Synchronization

/// A detached task that pings the main actor and reports when it stops
/// answering; cancelling the task stops it.
///
/// Every interval the loop adds one to an `Atomic` tick count and posts a
/// `Task { @MainActor in … }` that sets it back to zero. While the main actor
/// is blocked those pings wait, the count grows, and at `threshold` the loop
/// reports a hang, once; the first ping that runs ends it. `watch` is
/// `@concurrent`: its loop never runs on the main actor it watches, even when
/// main-actor code awaits it. Start it in a task of its own and cancel that
/// task to stop it. It sleeps on the cooperative pool, which a blocked main
/// actor does not touch; to catch a starved pool too, run the same loop on a
/// dedicated `Thread`.
public nonisolated enum MainThreadWatchdog {
    /// Watches the main actor until the calling task is cancelled; runs off
    /// the caller's actor.
    @concurrent
    public static func watch(
        interval: Duration, threshold: Int,
        report: @escaping @Sendable (String) -> Void
    ) async {
        let ticks = MissedTicks()
        var isHanging = false
        while !Task.isCancelled {
            ticks.count.add(1, ordering: .sequentiallyConsistent)
            Task { @MainActor in
                ticks.count.store(0, ordering: .sequentiallyConsistent)
            }
            do {
                try await Task.sleep(for: interval)
            } catch {
                return  // cancelled: stop at once, even mid-sleep
            }
            let missed = ticks.count.load(ordering: .sequentiallyConsistent)
            if !isHanging && missed >= threshold {
                isHanging = true
                report("hang detected")
            } else if isHanging && missed == 0 {
                isHanging = false
                report("hang stopped")
            }
        }
    }
}

/// The tick count the watchdog and its main-actor pings share.
nonisolated final class MissedTicks: Sendable {
    let count = Atomic<Int>(0)
}

// MARK: - Or a run-loop observer on main: the ping covers it

// The main actor has no run-loop activities to observe: its jobs run
// wherever the main executor drains them (on Linux, the main queue). The
// ping loop above measures the same thing from outside, how long main takes
// to answer, with no observer to add or remove. Keep the legacy observer and
// its watchdog thread where a ping every interval costs too much: each ping
// wakes an idle main, where the observer only listens.

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension MainThreadWatchdog {
    /// Watches a responsive main actor for `intervals` intervals: no report.
    public static func watchResponsiveMain(
        interval: Duration, intervals: Int,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let watchdog = Task.detached {
            await watch(interval: interval, threshold: 5, report: log)
        }
        log("watching a responsive main for \(intervals) intervals")
        try? await Task.sleep(for: interval * intervals)
        watchdog.cancel()
        await watchdog.value
        log("watchdog stopped")
    }

    /// Blocks the main actor until the watchdog has reported the hang, then
    /// lets it go. Run it only in a child process.
    public static func blockMain(
        interval: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let hang = HangFlag()
        let (recovered, recover) = AsyncStream.makeStream(of: Void.self)
        let watchdog = Task.detached {
            await watch(interval: interval, threshold: 5) { event in
                log(event)
                if event == "hang detected" {
                    hang.detected.store(true, ordering: .sequentiallyConsistent)
                } else {
                    recover.yield()
                }
            }
        }
        log("blocking main until the watchdog notices")
        await MainActor.run {
            // Synchronous work that never yields: what a hang looks like.
            while !hang.detected.load(ordering: .sequentiallyConsistent) {}
            log("main: unblocked")
        }
        for await _ in recovered { break }
        watchdog.cancel()
        await watchdog.value
        log("watchdog stopped")
    }
}

/// Set by the demo's watchdog report; the blocked main actor spins on it.
nonisolated final class HangFlag: Sendable {
    let detected = Atomic<Bool>(false)
}
