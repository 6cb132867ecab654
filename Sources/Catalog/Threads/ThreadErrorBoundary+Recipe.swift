import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threadErrorBoundary = Recipe(
        id: "thread-error-boundary",
        title: "Catch at the thread entry point; errors through tasks",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Writing Your Thread Entry Routine\" › \"Setting Up an Exception Handler\""
        ],
        file: "Threads/ThreadErrorBoundary.swift",
        apis: [
            APIMapping(
                "Thread(block:) with a do/catch at the entry point + Result completion",
                "`Task<T, Error>`; `try await task.value` rethrows"
            ),
            APIMapping(
                "Thread per item + DispatchGroup.wait + first error under an NSLock",
                "`withThrowingTaskGroup`: the first error cancels the siblings and is rethrown"
            ),
            APIMapping(
                "try! in a Thread entry point",
                "no direct equivalent: a task stores its error; await it, or the error is lost"
            ),
        ],
        prose: Articles.recipe("thread-error-boundary"),
        replaces: [.thread, .nsLock, .groupWait, .dispatchGroup],
        scenarios: [
            Scenario(
                "one thread",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ThreadErrorBoundary.runOneThread(failing: 3, log: log) }
                },
                modern: { context in
                    await Modern.ThreadErrorBoundary.runOneTask(failing: 3, log: context.log)
                }
            ),
            Scenario(
                "fan-out",
                rules: [.invariant(["error"])],
                legacy: { context in
                    let log = context.log
                    let slow = context.pace(.seconds(10))
                    await onOwnThread { Legacy.ThreadErrorBoundary.runFanOut(failing: 3, slow: slow, log: log) }
                    context.record("error", Self.failure(in: context.recorder.lines))
                },
                modern: { context in
                    let slow = context.pace(.seconds(10))
                    await Modern.ThreadErrorBoundary.runFanOut(failing: 3, slow: slow, log: context.log)
                    context.record("error", Self.failure(in: context.recorder.lines))
                }
            ),
            Scenario(
                "nobody catches",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.ThreadErrorBoundary.runWithoutBoundary(failing: 3, log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ThreadErrorBoundary.runUnawaited(failing: 3, log: log)
                    })
            ),
        ]
    )

    /// What the `failed: …` line says, or `none`.
    fileprivate static func failure(in lines: [String]) -> String {
        lines.first { $0.hasPrefix("failed: ") }.map { String($0.dropFirst("failed: ".count)) } ?? "none"
    }
}
