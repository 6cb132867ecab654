import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchSourceProcessExit = Recipe(
        id: "dispatch-source-process-exit",
        title: "Notice when a process exits",
        chapter: .eventSources,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its process source watching Mail (`DISPATCH_SOURCE_TYPE_PROC`, `DISPATCH_PROC_EXIT`)"
        ],
        file: "EventSources/ProcessExitWatch.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeProcessSource (DISPATCH_SOURCE_TYPE_PROC, DISPATCH_PROC_EXIT; Apple only)",
                "on Linux `Process` with `terminationHandler`; `try await` a continuation that the handler resumes once with the exit status"
            ),
            APIMapping(
                "setEventHandler on the process source (\"Mail quit.\")",
                "the code after the `await`"
            ),
            APIMapping(
                "DispatchSource.resume() (dispatch_resume) on the process source",
                "nothing: `child.run()` inside the continuation starts the watching"
            ),
        ],
        problem:
            "Run some code when another process exits: the classic example logs \"Mail quit.\" when Mail does; here the process is a child this recipe starts (`/bin/sleep`).",
        changes: [
            "Linux has no process source (`DispatchSource.makeProcessSource` is Apple-only), so both sides use `Process`: it starts the child, reaps it, and calls `terminationHandler` exactly once, on a thread of its own, with `terminationStatus` already set. Neither side writes a `waitpid` loop of its own.",
            "The Modern side wraps the handler in `withCheckedThrowingContinuation`: the handler resumes it with the status, and if `run()` throws, the `catch` resumes it with the error instead (the handler never runs then). Every path resumes exactly once (`ProcessExitWatchTests.aChildThatCannotStartResumesTheContinuationOnceWithTheError`).",
            "The caller writes `let status = try await ProcessExitWatch.run(url)` and continues in its own isolation; the Legacy handler runs on the thread that reaped the child, and must hop to wherever its result is needed (`ProcessExitWatchTests.modernCallerContinuesOnItsOwnActor`).",
            "The real child is `/bin/sleep` (the scenario's delay), `/bin/false` for a failing exit, and a path that does not exist for a child that cannot start.",
        ],
        pitfalls: [
            "Set `terminationHandler` before `run()`. A child that exits at once can be reaped before a handler set afterwards is installed, and the handler then never runs.",
            "`terminationStatus` is meaningful only after the child has exited; read it in the handler (or after the `await`), never right after `run()`.",
            "Cancelling the task that awaits the exit does not stop the child: the continuation still waits for it. Call `terminate()` (SIGTERM) if the child must go, and keep awaiting its exit.",
            "A process you did not start (the classic example's Mail) cannot be watched with `Process`.",
            "A never-resumed continuation hangs its caller silently: it is the handler that resumes it, so a handler set after `run()` (see above) turns into a hang.",
        ],
        platformNotes: [
            "**Linux**: to watch a process you did not start, use `pidfd_open(pid)`, whose descriptor becomes readable when the process exits, with `DispatchSource.makeReadSource`.",
            "**Darwin**: the process source still works for a process you did not start.",
            "**Linux**: `Process` is `Sendable` in swift-corelibs-foundation, so the Modern side needs no annotation.",
        ],
        annotations: [
            "`onExit` and `completion` are `@escaping @Sendable`: `Process` calls the handler on a thread of its own.",
        ],
        differences: [
            "After `try await ProcessExitWatch.run(…)` a `@MainActor` caller is back on the main actor; the Legacy `onExit` runs on Foundation's process-monitoring thread, not on a queue the caller chose (`ProcessExitWatchTests.modernCallerContinuesOnItsOwnActor`).",
            "A child that cannot start: Legacy `start` throws and `onExit` is never called; Modern `run` throws the same error out of the `await` (`ProcessExitWatchTests.aChildThatCannotStartResumesTheContinuationOnceWithTheError`).",
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its process source watching Mail: `runningApplicationsWithBundleIdentifier:` returns an `NSArray` of running applications, not one `NSRunningApplication`, so `mail == nil` never catches \"Mail is not running\" (the array is empty); take `.firstObject`."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ProcessExitWatch.run` would start the child and await its exit on the main actor; `nonisolated` keeps it on the caller's executor.",
        replaces: [.processSource, .processTerminationHandler, .sourceHandlers],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let delay = context.pace(.milliseconds(500))
                    await withCheckedContinuation { done in
                        Legacy.ProcessExitWatch.watchChild(
                            URL(fileURLWithPath: "/bin/sleep"),
                            arguments: [ProcessExitWatchScenario.seconds(delay)],
                            log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    let delay = context.pace(.milliseconds(500))
                    await Modern.ProcessExitWatch.watchChild(
                        URL(fileURLWithPath: "/bin/sleep"),
                        arguments: [ProcessExitWatchScenario.seconds(delay)],
                        log: context.log
                    )
                }
            ),
            Scenario(
                "failing child",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.ProcessExitWatch.watchChild(
                            URL(fileURLWithPath: "/bin/false"), log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.ProcessExitWatch.watchChild(
                        URL(fileURLWithPath: "/bin/false"), log: context.log)
                }
            ),
            Scenario(
                "missing executable",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.ProcessExitWatch.watchChild(
                            ProcessExitWatchScenario.missing, log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.ProcessExitWatch.watchChild(
                        ProcessExitWatchScenario.missing, log: context.log)
                }
            ),
        ]
    )
}

/// The scenarios' inputs.
enum ProcessExitWatchScenario {
    /// An executable that does not exist.
    static let missing = URL(fileURLWithPath: "/no/such/executable")

    /// `sleep`'s argument for a duration, in seconds.
    static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f", Double(duration / .milliseconds(1)) / 1000)
    }
}
