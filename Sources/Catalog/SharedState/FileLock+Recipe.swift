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
                "no Swift concurrency equivalent: `flock(LOCK_EX | LOCK_NB)` polled with `Task.sleep`, cancellable"
            ),
            APIMapping("flock(LOCK_EX | LOCK_NB)", "the same call: a try-lock never blocks"),
        ],
        problem: """
            Keep two processes (an app and its helper, two instances of a tool) out of the same \
            critical section, such as rewriting a shared file.
            """,
        changes: [
            """
            Nothing in Swift concurrency crosses a process boundary, so the lock stays a `flock` on \
            a lock file. What changes is the wait. `flock(LOCK_EX)` blocks its thread until the \
            lock is free; Modern's `lock(polling:)` tries `LOCK_EX | LOCK_NB` and, while another \
            open holds the lock, suspends in `Task.sleep`. No thread waits, and cancelling the task \
            ends the wait with `CancellationError`, without the lock.
            """,
            """
            The price is latency: a free lock is noticed at the next poll, not at once. Pick the \
            interval for the contention you expect (milliseconds for a short critical section).
            """,
            """
            The other way is a thread of your own that blocks in `flock(LOCK_EX)` and resumes a \
            continuation. It notices the lock at once, but the wait can't be cancelled, and each \
            waiter costs a thread.
            """,
            """
            Both sides print exactly `A locked`, `B would block`, `A unlocked`, `B locked`: A and B \
            are two opens of the same file in one process, which `flock` treats exactly like two \
            processes (`FileLockTests.theLockHoldsAgainstAnotherProcess` checks it against a real \
            second process, the `flock` command-line tool).
            """,
        ],
        pitfalls: [
            """
            Never call `flock(LOCK_EX)` (or any blocking lock) on a cooperative thread: the pool has \
            only as many threads as cores, and a task blocked there for another process can starve \
            every other task.
            """,
            """
            `flock` locks belong to the open file, so closing the descriptor, exiting or crashing \
            releases the lock: no stale lock to break, unlike `NSDistributedLock`'s lock directory. \
            POSIX record locks (`fcntl(F_SETLK)`) behave differently: they belong to the process, \
            so two opens in one process don't exclude each other, and closing *any* descriptor of \
            the file drops all of them. Don't mix the two.
            """,
            """
            `flock` is advisory: it excludes only processes that also take it. On network file \
            systems it may be emulated or unsupported.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: `NSDistributedLock` exists only on Apple platforms, and even there it is a \
            polling lock on a directory that a crashed holder leaves behind (`break()` exists for \
            that reason).
            """,
        ],
        annotations: [
            """
            `FileLock` is plainly `Sendable` on both sides: its only state is the descriptor, a \
            `let`; the kernel guards the lock itself.
            """,
            """
            The legacy driver hands the waiting thread's result back through a small box guarded by \
            an `NSLock`, declared `@unchecked Sendable` for that reason.
            """,
        ],
        differences: [
            """
            Modern's wait can be cancelled: the task throws `CancellationError` and the lock stays \
            free for others (`FileLockTests.modernWaitIsCancellableAndLeavesTheLockFree`). \
            Legacy's `lock()` blocks its thread until the holder unlocks, and returns only then \
            (`FileLockTests.legacyLockBlocksItsThreadUntilTheHolderUnlocks`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `FileLock` would land on the main actor, so `tryLock` and `unlock` could be called synchronously only there and `lock(polling:)` would poll from the main actor; `nonisolated` keeps the lock usable from any task.",
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
                    try await Modern.FileLock.demonstrate(
                        in: directory.url.path, polling: context.pace(.milliseconds(100)),
                        log: context.log)
                }
            )
        ]
    )
}
