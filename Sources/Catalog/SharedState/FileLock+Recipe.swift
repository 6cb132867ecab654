import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let crossProcessFileLock = Recipe(
        id: "cross-process-file-lock",
        title: "`NSDistributedLock` → `flock`",
        chapter: .sharedState,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its list of other lock classes (`NSDistributedLock`, named only)"],
        file: "SharedState/FileLock.swift",
        apis: [
            APIMapping(
                "NSDistributedLock — not on Linux: flock(LOCK_EX) on a lock file",
                "no Swift concurrency equivalent: `flock(LOCK_EX)` awaited on a `BlockingIOExecutor` thread; or `flock(LOCK_EX | LOCK_NB)` polled with `Task.sleep`"
            ),
            APIMapping("flock(LOCK_EX | LOCK_NB)", "the same call: a try-lock never blocks"),
        ],
        prose: Articles.recipe("cross-process-file-lock"),
        modernNeeds: ["Isolation/BlockingIO.swift"],
        replaces: [.distributedLock],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let directory = try TemporaryDirectory(prefix: "file-lock")
                    defer { directory.remove() }
                    try await onOwnThread {
                        try Legacy.FileLock.demonstrate(in: directory.url, log: context.log)
                    }
                },
                modern: { context in
                    let directory = try TemporaryDirectory(prefix: "file-lock")
                    defer { directory.remove() }
                    try await Modern.FileLock.demonstrate(in: directory.url.path, log: context.log)
                }
            ),
            Scenario(
                "polling",
                rules: [.exact],
                legacy: { context in
                    let directory = try TemporaryDirectory(prefix: "file-lock")
                    defer { directory.remove() }
                    try await onOwnThread {
                        try Legacy.FileLock.demonstrate(in: directory.url, log: context.log)
                    }
                },
                modern: { context in
                    let directory = try TemporaryDirectory(prefix: "file-lock")
                    defer { directory.remove() }
                    try await Modern.FileLock.demonstrate(
                        in: directory.url.path, polling: context.pace(.milliseconds(100)),
                        log: context.log)
                }
            ),
        ]
    )
}
