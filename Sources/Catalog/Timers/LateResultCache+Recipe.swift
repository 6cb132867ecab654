import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let timeoutKeepLateResult = Recipe(
        id: "timeout-keep-late-result",
        title: "Give up waiting, keep the late result; a bounded wait on a process",
        chapter: .timers,
        sources: [
            "Seen in real code: caches whose fetch is guarded by an `asyncAfter` watchdog that answers `nil` while the fetch still fills the cache; tools that run a child process with `waitUntilExit()` and a `DispatchWorkItem` watchdog that `terminate()`s it after a timeout"
        ],
        file: "Timers/LateResultCache.swift",
        apis: [
            APIMapping(
                "asyncAfter watchdog that answers nil while the work runs on",
                "per caller, a stream that the load or a watchdog task answers first; the load an unstructured `Task` the cache owns"
            ),
            APIMapping(
                "DispatchGroup.wait(timeout:) on a worker blocked in Process.waitUntilExit()",
                "`withTimeout` around a continuation that `terminationHandler` resumes"),
            APIMapping(
                "Process.waitUntilExit(), then terminate() once the wait has given up",
                "a continuation `terminationHandler` resumes; `terminate()`, then SIGKILL after a grace period, in the wait's `onCancel`"
            ),
        ],
        prose: Articles.recipe("timeout-keep-late-result"),
        modernNeeds: ["Timers/WithTimeout.swift", "Bridging/OneShotFuture.swift"],
        replaces: [.processWaitUntilExit, .asyncAfter, .groupWait],
        scenarios: [
            Scenario(
                "the load outlives the timeout",
                rules: [.exact],
                legacy: { context in await legacyAsk(context, loadIsLate: true) },
                modern: { context in await modernAsk(context, loadIsLate: true) }
            ),
            Scenario(
                "the load comes in time",
                rules: [.exact],
                legacy: { context in await legacyAsk(context, loadIsLate: false) },
                modern: { context in await modernAsk(context, loadIsLate: false) }
            ),
            Scenario(
                "a process, bounded",
                rules: [.exact],
                legacy: { context in await legacyProcesses(context) },
                modern: { context in await modernProcesses(context) }
            ),
        ]
    )
}

/// What the driver asks for, and what the load returns.
private enum LateLoad {
    static let key = "report"
    static let value = "quarterly figures"

    /// A timeout that a load held by the driver always outlasts.
    static func timeout(_ context: RunContext) -> Duration { context.pace(.seconds(1)) }
    /// A timeout no load here comes near: the value arrives, or is cached, long before.
    static let generous = Duration.seconds(600)

    static func describe(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "nil: the timeout passed first"
    }
}

/// Asks once; a late load is held until the first answer (nil) is in, then let go, and the
/// driver asks again. The load's completion is kept by the fake and called by the driver, so the
/// order never depends on timing.
private func legacyAsk(_ context: RunContext, loadIsLate: Bool) async {
    let held = Locked<(@Sendable (String) -> Void)?>(nil)
    let loads = Locked(0)
    let cache = Legacy.LateResultCache<String, String> { _, completion in
        loads.withLock { $0 += 1 }
        if loadIsLate { held.withLock { $0 = completion } } else { completion(LateLoad.value) }
    }
    @Sendable func ask(timeout: Duration) async -> String? {
        await withCheckedContinuation { answered in
            cache.value(for: LateLoad.key, timeout: timeout) { answered.resume(returning: $0) }
        }
    }
    let first = await ask(timeout: loadIsLate ? LateLoad.timeout(context) : LateLoad.generous)
    context.log("ask for \(LateLoad.key) → \(LateLoad.describe(first))")
    if let completion = held.withLock({ $0 }) {
        completion(LateLoad.value)
        context.log("the load of \(LateLoad.key) finishes, late")
    }
    context.log("ask again → \(LateLoad.describe(await ask(timeout: LateLoad.generous)))")
    context.log("loads started: \(loads.withLock { $0 })")
}

/// The same on the modern cache; a late load waits on a latch the driver opens after the first
/// answer.
private func modernAsk(_ context: RunContext, loadIsLate: Bool) async {
    let release = Latch()
    let loads = Locked(0)
    let cache = Modern.LateResultCache<String, String> { _ in
        loads.withLock { $0 += 1 }
        if loadIsLate { await release.wait() }
        return LateLoad.value
    }
    let first = await cache.value(
        for: LateLoad.key, timeout: loadIsLate ? LateLoad.timeout(context) : LateLoad.generous)
    context.log("ask for \(LateLoad.key) → \(LateLoad.describe(first))")
    if loadIsLate {
        release.open()
        context.log("the load of \(LateLoad.key) finishes, late")
    }
    let second = await cache.value(for: LateLoad.key, timeout: LateLoad.generous)
    context.log("ask again → \(LateLoad.describe(second))")
    context.log("loads started: \(loads.withLock { $0 })")
}

/// Three child processes with a watchdog: one that outlives it, one that exits 0, one that exits 1.
private enum WatchedProcesses {
    static let runs: [(executable: String, arguments: [String], outlivesTheTimeout: Bool)] = [
        ("/bin/sleep", ["3600"], true), ("/bin/true", [], false), ("/bin/false", [], false),
    ]

    static func timeout(_ context: RunContext, outlived: Bool) -> Duration {
        outlived ? context.pace(.seconds(1)) : LateLoad.generous
    }

    /// How long a terminated process gets before it is killed. On Linux a process started from a
    /// task, or from a thread a task started, has SIGTERM blocked, so it always takes this long.
    static func grace(_ context: RunContext) -> Duration { context.pace(.seconds(2)) }

    static func process(_ executable: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        return process
    }

    static func describe(_ outcome: Result<ProcessOutcomeLine, any Error>, _ process: Process) -> [String] {
        let name = ([process.executableURL?.lastPathComponent ?? "?"] + (process.arguments ?? []))
            .joined(separator: " ")
        switch outcome {
        case .success(let line) where line.stopped:
            return ["run \(name) → \(line.text)", "\(name) still running: \(process.isRunning)"]
        case .success(let line):
            return ["run \(name) → \(line.text)"]
        case .failure(let error):
            return ["run \(name) → could not start: \(error)"]
        }
    }
}

/// One outcome, as both sides print it.
private struct ProcessOutcomeLine {
    let text: String
    /// Whether the watchdog stopped the process.
    let stopped: Bool

    init(_ outcome: Legacy.ProcessOutcome) {
        switch outcome {
        case .exited(let status): (text, stopped) = ("exited with status \(status)", false)
        case .terminatedAfterTimeout: (text, stopped) = ("terminated after the timeout", true)
        }
    }

    init(_ outcome: Modern.ProcessOutcome) {
        switch outcome {
        case .exited(let status): (text, stopped) = ("exited with status \(status)", false)
        case .terminatedAfterTimeout: (text, stopped) = ("terminated after the timeout", true)
        }
    }
}

private func legacyProcesses(_ context: RunContext) async {
    for run in WatchedProcesses.runs {
        let process = WatchedProcesses.process(run.executable, run.arguments)
        let timeout = WatchedProcesses.timeout(context, outlived: run.outlivesTheTimeout)
        let grace = WatchedProcesses.grace(context)
        let outcome = await onOwnThread {
            Result { ProcessOutcomeLine(try Legacy.ProcessWatchdog.run(process, timeout: timeout, grace: grace)) }
        }
        WatchedProcesses.describe(outcome, process).forEach(context.log)
    }
}

private func modernProcesses(_ context: RunContext) async {
    for run in WatchedProcesses.runs {
        let process = WatchedProcesses.process(run.executable, run.arguments)
        let timeout = WatchedProcesses.timeout(context, outlived: run.outlivesTheTimeout)
        let outcome: Result<ProcessOutcomeLine, any Error>
        do {
            let grace = WatchedProcesses.grace(context)
            outcome = .success(
                ProcessOutcomeLine(try await Modern.ProcessWatchdog.run(process, timeout: timeout, grace: grace)))
        } catch {
            outcome = .failure(error)
        }
        WatchedProcesses.describe(outcome, process).forEach(context.log)
    }
}
