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
        prose: Articles.recipe("dispatch-source-process-exit"),
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
