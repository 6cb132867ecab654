import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let processOutputStream = Recipe(
        id: "process-output-stream",
        title: "Read a child process's output and errors as they come",
        chapter: .eventSources,
        sources: [
            "Seen in real code: build tools, IDE plug-ins and test runners that start `git`, a compiler or a simulator "
                + "with a `Pipe` on standard output and standard error, set `readabilityHandler` on both, and call "
                + "`waitUntilExit()` on a background queue (or read one pipe with `readDataToEndOfFile()`, then the other)"
        ],
        file: "EventSources/ProcessOutputStream.swift",
        apis: [
            APIMapping(
                "readabilityHandler on the stdout and stderr pipes, then waitUntilExit() on a background queue",
                "two `async let` loops over the lines of each pipe, and `await` the exit: `try await "
                    + "ProcessOutputStream.run(process, onOutput:onError:)`"),
            APIMapping(
                "Pipe.fileHandleForReading.availableData in a loop on a global queue, one block per pipe",
                "a blocking `read` per chunk on a `BlockingIOExecutor` thread, awaited in the loop "
                    + "(`BlockingIO.run`); a read of 0 bytes is the end"),
            APIMapping(
                "Process.waitUntilExit(), then DispatchGroup.wait() for the end of both pipes",
                "a continuation `terminationHandler` resumes, then `await` both loops"),
            APIMapping(
                "Process.terminate() from another thread, SIGKILL after asyncAfter",
                "cancel the caller's task: `withTaskCancellationHandler` sends SIGTERM, and SIGKILL after `grace`"),
        ],
        prose: Articles.recipe("process-output-stream"),
        modernNeeds: ["Isolation/BlockingIO.swift"],
        replaces: [
            CodeShape(
                "FileHandle.readabilityHandler",
                swift: ["FileHandle.readabilityHandler", ".readabilityHandler"],
                objc: ["NSFileHandle.readabilityHandler", "readabilityHandler", "readInBackgroundAndNotify"],
                modern: "for a child's pipes: a loop of blocking `read`s on a `BlockingIOExecutor` thread; "
                    + "a read of 0 bytes is the end, which the handler's last call may never report on Linux"),
            CodeShape(
                "Pipe.fileHandleForReading", swift: ["Pipe.fileHandleForReading"],
                objc: ["NSPipe.fileHandleForReading"],
                modern: "both pipes of a child read at once, one loop each"),
            .processWaitUntilExit, .processTerminationHandler, .groupWait,
        ],
        scenarios: [
            Scenario(
                "both streams, more than a pipe holds",
                rules: [.exact],
                legacy: { context in
                    try await onOwnThread {
                        try Legacy.ProcessOutputStream.bothStreams(
                            ProcessOutputScenario.bothStreams(), count: ProcessOutputScenario.count,
                            log: context.log)
                    }
                },
                modern: { context in
                    try await Modern.ProcessOutputStream.bothStreams(
                        ProcessOutputScenario.bothStreams(), count: ProcessOutputScenario.count, log: context.log)
                }
            ),
            Scenario(
                "cancelled while it runs",
                rules: [.exact],
                legacy: { context in
                    let grace = ProcessOutputScenario.grace(context)
                    await onOwnThread {
                        Legacy.ProcessOutputStream.cancelled(
                            ProcessOutputScenario.runsOn(), grace: .milliseconds(Int(grace / .milliseconds(1))),
                            log: context.log)
                    }
                },
                modern: { context in
                    await Modern.ProcessOutputStream.cancelled(
                        ProcessOutputScenario.runsOn(), grace: ProcessOutputScenario.grace(context),
                        log: context.log)
                }
            ),
            Scenario(
                "missing executable",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.ProcessOutputStream.missing(ProcessOutputScenario.missing(), log: context.log)
                    }
                },
                modern: { context in
                    await Modern.ProcessOutputStream.missing(ProcessOutputScenario.missing(), log: context.log)
                }
            ),
        ]
    )
}

/// The scenarios' children, all `/bin/sh` scripts.
enum ProcessOutputScenario {
    /// Lines per stream: about 116 KB each, more than a pipe's 64 KB.
    static let count = 2000

    /// A child that interleaves `count` lines on standard output and standard error, then exits 3.
    static func bothStreams() -> Process {
        shell(
            "i=0; while [ $i -lt \(count) ]; do echo \"stdout $i \(Modern.ProcessOutputStream.padding)\"; "
                + "echo \"stderr $i \(Modern.ProcessOutputStream.padding)\" >&2; i=$((i+1)); done; exit 3")
    }

    /// A child that prints one line and then runs until it is stopped.
    static func runsOn() -> Process { shell("echo started; exec sleep 600") }

    /// An executable that does not exist.
    static func missing() -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/no/such/executable")
        return process
    }

    /// How long a cancelled child gets between SIGTERM and SIGKILL.
    static func grace(_ context: RunContext) -> Duration { context.pace(.seconds(2)) }

    static func shell(_ script: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }
}
