import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let chunkedOperation = Recipe(
        id: "operation-cancellation",
        title: "Cooperative cancellation of operations",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\" (check connectivity every 20 s) and §7.12 \"Running Tasks Asynchronously with Operations\" (the subclass checklist)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its cancellable `main` (`while (notDone && !self.isCancelled)`)",
        ],
        file: "Operations/ChunkedOperation.swift",
        apis: [
            APIMapping("Operation.cancel()", "`task.cancel()`"),
            APIMapping(
                "Operation.isCancelled checked between chunks in main()",
                "`Task.isCancelled`, `try Task.checkCancellation()`"
            ),
            APIMapping("cancelAllOperations()", "cancel the task (or group) that runs the jobs"),
        ],
        problem: """
            Stop an operation that works in chunks: before it starts, or between two chunks once \
            it is running. Of 100 chunks, the worker pauses after chunk 10 until it has been \
            cancelled, so exactly 10 are processed; a second operation queued behind it never \
            starts.
            """,
        changes: [
            """
            `while processedChunks < chunks && !isCancelled` becomes \
            `while processed < chunks && !Task.isCancelled`: the same check, in the same place, \
            and both stop after exactly 10 chunks when cancelled there \
            (`ChunkedOperationTests.aRunningJobStopsAtItsNextCheck`). Use \
            `try Task.checkCancellation()` instead when a partial result is useless: it throws \
            `CancellationError` and the caller learns that the work is incomplete.
            """,
            """
            `queue.cancelAllOperations()` on a serial queue becomes cancelling the one task that \
            runs the jobs in turn. The running job stops at its next check; the queued one never \
            processes a chunk (`ChunkedOperationTests.aQueuedJobNeverProcessesAChunk`); the report \
            after them still runs.
            """,
            """
            The operation's result lives in a lock-protected property that someone reads after it \
            has finished (`processedChunks`); the async function returns it.
            """,
            """
            The *iOS Programming Cookbook*'s "check connectivity every 20 s" operation is the same \
            loop with a wait between checks; in a task, `try await Task.sleep(for:)` is that wait, \
            and it throws as soon as the task is cancelled instead of sleeping on.
            """,
        ],
        pitfalls: [
            """
            `cancel()` never stops a thread. A `main` that doesn't read `isCancelled`, like a task \
            body that never checks, runs to the end. Check before each chunk, not once before the \
            loop.
            """,
            """
            A cancelled operation must still finish. The base class's `start()` takes care of it \
            for a `main` override; an asynchronous subclass must do it itself \
            (`operation-subclass-async`). A cancelled task likewise still returns, and its caller \
            goes on.
            """,
            """
            Cancelling an operation that has finished does nothing: `isCancelled` stays false \
            (`ChunkedOperationTests.legacyCancellingAFinishedOperationDoesNothing`).
            """,
            """
            `cancelAllOperations()` cancels every operation on the queue, a completion operation \
            too, which would then never run its block. Keep such a report on another queue, as \
            `runSerially` does.
            """,
            """
            A wait that can't check (a semaphore, a callback, a lock) doesn't notice cancellation; \
            `withTaskCancellationHandler` is how a task's wait learns about it.
            """,
            """
            A cancelled operation still counts as finished for its dependents \
            (`operation-dependencies`): the report runs after a cancel, and must read what each \
            operation really did.
            """,
        ],
        annotations: [
            """
            `ChunkedOperation` restates `@unchecked Sendable`; its counter is only accessed holding \
            its `NSLock`, and everything else is a constant.
            """,
            "The log and hook closures are `@escaping @Sendable`: `main` runs on the queue's threads.",
        ],
        differences: [
            """
            An operation cancelled before it starts never runs `main` \
            (`ChunkedOperationTests.legacyQueuedOperationNeverRunsMain`); a task cancelled \
            before it starts still runs its body, which returns at its first check \
            (`ChunkedOperationTests.modernCancelledTaskStillRunsItsBody`). The transcripts agree \
            because the body checks before its first chunk.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `runSerially` would run its loop of jobs on the main actor and `summary` could be called synchronously only there; `nonisolated` keeps both on the caller's executor, while `process` leaves it either way (`@concurrent`).",
        replaces: [.operation, .operationCancel, .operationInternals, .operationQueue, .addOperation, .addDependency],
        scenarios: [
            Scenario(
                "cancelled while running",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ChunkedOperation.runCancelledWhileRunning(log: log) }
                },
                modern: { context in
                    await Modern.ChunkedOperation.runCancelledWhileRunning(log: context.log)
                }
            ),
            Scenario(
                "cancel all: running and queued",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ChunkedOperation.runCancelAll(log: log) }
                },
                modern: { context in
                    await Modern.ChunkedOperation.runCancelAll(log: context.log)
                }
            ),
        ]
    )
}
