import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let processReadiness = Recipe(
        id: "process-readiness",
        title: "Start a helper process and wait until it is ready, under a deadline",
        chapter: .eventSources,
        sources: [
            "Seen in real code: test harnesses and tools that start a local server, a database or a language server "
                + "with a `Pipe` on its output, set `readabilityHandler` to look for \"listening on port …\", "
                + "signal a `DispatchSemaphore` from it and from `terminationHandler`, and `wait(timeout:)` before "
                + "the first request (`terminate()` in `tearDown`)"
        ],
        file: "EventSources/ProcessReadiness.swift",
        apis: [
            APIMapping(
                "readabilityHandler signalling a DispatchSemaphore at the ready line, semaphore.wait(timeout:)",
                "`try await ProcessReadiness.withReadyProcess(process, timeout:, ready:) { port in … }`: a task "
                    + "group runs the child; the first of ready line, exit and deadline decides"),
            APIMapping(
                "Process.terminationHandler signalling the same semaphore (the child died before it was ready)",
                "the exit awaited by `ProcessOutputStream.run` (`terminationHandler` resumes a continuation), "
                    + "thrown as `Failure.exited(status:)` at once"),
            APIMapping(
                "DispatchSemaphore.wait(timeout:) returning .timedOut, then terminate()",
                "`Task.sleep(until:)` racing the first event in a task group; the loser is cancelled, and "
                    + "throwing out of the outer group cancels the child's task, which stops it"),
            APIMapping(
                "Process.terminate() in tearDown, SIGKILL if it is still running after a grace period",
                "the scope's end: `cancelAll()` after `body`, SIGTERM then SIGKILL after `grace`; the call "
                    + "returns once the child has exited"),
        ],
        prose: Articles.recipe("process-readiness"),
        modernNeeds: ["EventSources/ProcessOutputStream.swift", "Isolation/BlockingIO.swift"],
        replaces: [
            CodeShape(
                "Process.terminate", swift: ["Process.terminate", "Process.interrupt"],
                objc: ["NSTask.terminate", "NSTask.interrupt"],
                modern: "cancel the task that runs the child: SIGTERM, then SIGKILL after a grace period; "
                    + "on Linux a child started off the main thread may have SIGTERM blocked"),
            // Its other shapes lead to their own pages first (the semaphore's wait is not
            // about processes): listed after them, so `scan` names this page second.
            CodeShape(
                "FileHandle.readabilityHandler",
                swift: ["FileHandle.readabilityHandler", ".readabilityHandler"],
                objc: ["NSFileHandle.readabilityHandler", "readabilityHandler"],
                modern: "for a helper's ready line: `withReadyProcess`, which reads both pipes for the child's "
                    + "whole life"),
            .processTerminationHandler,
        ],
        scenarios: [
            Scenario(
                "ready at once",
                rules: [.exact],
                legacy: { context in
                    let plan = ProcessReadinessScenario(context)
                    await onOwnThread {
                        Legacy.ProcessReadiness.waitForPort(
                            ProcessReadinessScenario.readyAtOnce(), timeout: plan.legacy(plan.longTimeout),
                            grace: plan.legacy(plan.grace), log: context.log)
                    }
                },
                modern: { context in
                    let plan = ProcessReadinessScenario(context)
                    await Modern.ProcessReadiness.waitForPort(
                        ProcessReadinessScenario.readyAtOnce(), timeout: plan.longTimeout, grace: plan.grace,
                        log: context.log)
                }
            ),
            Scenario(
                "exits before it is ready",
                rules: [.exact],
                legacy: { context in
                    let plan = ProcessReadinessScenario(context)
                    await onOwnThread {
                        Legacy.ProcessReadiness.waitForPort(
                            ProcessReadinessScenario.exitsFirst(), timeout: plan.legacy(plan.longTimeout),
                            grace: plan.legacy(plan.grace), log: context.log)
                    }
                },
                modern: { context in
                    let plan = ProcessReadinessScenario(context)
                    await Modern.ProcessReadiness.waitForPort(
                        ProcessReadinessScenario.exitsFirst(), timeout: plan.longTimeout, grace: plan.grace,
                        log: context.log)
                }
            ),
            Scenario(
                "never ready: the deadline stops it",
                rules: [.exact],
                legacy: { context in
                    let plan = ProcessReadinessScenario(context)
                    await onOwnThread {
                        Legacy.ProcessReadiness.waitForPort(
                            ProcessReadinessScenario.neverReady(), timeout: plan.legacy(plan.shortTimeout),
                            grace: plan.legacy(plan.grace), log: context.log)
                    }
                },
                modern: { context in
                    let plan = ProcessReadinessScenario(context)
                    await Modern.ProcessReadiness.waitForPort(
                        ProcessReadinessScenario.neverReady(), timeout: plan.shortTimeout, grace: plan.grace,
                        log: context.log)
                }
            ),
            Scenario(
                "cancelled while waiting",
                rules: [.exact],
                legacy: { context in
                    let plan = ProcessReadinessScenario(context)
                    await onOwnThread {
                        Legacy.ProcessReadiness.cancelledWhileWaiting(
                            ProcessReadinessScenario.neverReady(), grace: plan.legacy(plan.grace), log: context.log)
                    }
                },
                modern: { context in
                    let plan = ProcessReadinessScenario(context)
                    await Modern.ProcessReadiness.cancelledWhileWaiting(
                        ProcessReadinessScenario.neverReady(), grace: plan.grace, log: context.log)
                }
            ),
        ]
    )
}

/// The scenarios' children, all `/bin/sh` scripts, and their durations at the run's pace.
struct ProcessReadinessScenario {
    /// A deadline the child beats by far: its ready line or its exit comes first.
    let longTimeout: Duration
    /// A deadline a child that never gets ready meets.
    let shortTimeout: Duration
    /// How long a stopped child gets between SIGTERM and SIGKILL.
    let grace: Duration

    init(_ context: RunContext) {
        longTimeout = context.pace(.seconds(120))
        shortTimeout = context.pace(.seconds(2))
        grace = context.pace(.seconds(2))
    }

    /// The legacy side's `DispatchTimeInterval` for `duration`.
    func legacy(_ duration: Duration) -> DispatchTimeInterval {
        .microseconds(Int(duration / .microseconds(1)))
    }

    /// A child that prints a line, then its ready line, then runs until it is stopped.
    static func readyAtOnce() -> Process {
        shell("echo starting; echo 'listening on port 8080'; exec sleep 600")
    }

    /// A child that fails before it is ready: its port is taken.
    static func exitsFirst() -> Process {
        shell("echo 'error: port 8080 is in use' >&2; exit 2")
    }

    /// A child that prints a line and never its ready one.
    static func neverReady() -> Process {
        shell("echo starting; exec sleep 600")
    }

    static func shell(_ script: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }
}
