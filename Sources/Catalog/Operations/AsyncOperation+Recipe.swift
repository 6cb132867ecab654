import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let asyncOperation = Recipe(
        id: "operation-subclass-async",
        title: "Asynchronous `Operation`: manual `isExecuting`/`isFinished`",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.12 \"Running Tasks Asynchronously with Operations\" (`SimpleOperation` with `isConcurrent`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `YourOperation` overriding `start`",
        ],
        file: "Operations/AsyncOperation.swift",
        apis: [
            APIMapping(
                "Operation subclass overriding start() (isAsynchronous, isExecuting, isFinished)",
                "an `async` function around `withCheckedThrowingContinuation`"
            ),
            APIMapping(
                "willChangeValue(forKey:) / didChangeValue(forKey:) on an Operation",
                "nothing: the function returns when the work is done"
            ),
            APIMapping(
                "Operation.cancel() while waiting for a callback",
                "`withTaskCancellationHandler`, resuming the continuation once"
            ),
            APIMapping("Operation.waitUntilFinished()", "`await` the function"),
        ],
        problem: """
            Run, as an operation, work that ends later in a callback, so that a queue, \
            `waitUntilFinished()` and dependent operations wait for the callback rather than for \
            `start()` to return. The *iOS Programming Cookbook*'s `SimpleOperation` pair (111 and \
            222) gets such work: \
            each logs `main`, asks a callback API for its object and logs the answer.
            """,
        changes: [
            """
            What an asynchronous subclass must do, on every platform: override `start()` (not \
            `main`) and never call `super.start()`; keep `isExecuting` and `isFinished` yourself, \
            behind a lock; change them only between `willChangeValue(forKey:)` and \
            `didChangeValue(forKey:)` with the keys `"isExecuting"` and `"isFinished"`; return \
            `true` from `isAsynchronous`; in `start()`, finish at once if already cancelled; \
            finish exactly once when the callback comes.
            """,
            """
            `isFinished` turns true only when the callback has come, not when `start()` returns \
            (`AsyncOperationTests.legacyIsFinishedOnlyAfterTheCallback`); a dependent operation \
            starts only then (`AsyncOperationTests.legacyDependentStartsOnlyAfterTheCallback`), \
            and `waitUntilFinished()` returns only then \
            (`AsyncOperationTests.legacyWaitUntilFinishedReturnsAfterTheCallback`).
            """,
            """
            The whole state machine becomes `answer(_:from:)`, an `async` function that wraps the \
            callback API with `withCheckedThrowingContinuation`. The caller's next line after \
            `await` is what the dependent operation and the completion block were: `Both \
            finished` follows `_ = try await (first, second)`.
            """,
            """
            Cancelling a waiting operation finishes it at once (`cancel()` calls `finish()`), so \
            that dependents don't wait for a callback that may never come. The modern wrapper \
            does the same with `withTaskCancellationHandler`: the handler resumes the \
            continuation with `CancellationError`, and the late callback finds it resumed.
            """,
        ],
        pitfalls: [
            """
            A cancel and the callback can arrive together. Both call `finish()`; only the first \
            may flip the state (`AsyncOperationTests.legacyCancelRacingTheCallbackFinishesOnce`). \
            On the modern side the same race would resume a checked continuation twice, which \
            traps; `OneShot` lets exactly one through \
            (`AsyncOperationTests.modernCancelRacingTheCallbackResumesExactlyOnce`).
            """,
            """
            Forget `didChangeValue(forKey: "isFinished")` and the operation never finishes for \
            anyone: the queue keeps it, `waitUntilFinished()` blocks forever, its dependents never \
            start (`AsyncOperationTests.legacyWithoutTheNotificationNobodySeesTheFinish`). Change \
            the stored state before `didChangeValue`: the queue reads `isFinished` inside that call.
            """,
            """
            Don't call `didChangeValue` while holding the lock that guards the state: on Linux the \
            queue calls the `isFinished` getter from inside it, and an `NSLock` taken twice hangs.
            """,
            """
            `isAsynchronous` (`isConcurrent` in older code) changes nothing on a queue: queues call \
            `start()` on a thread of their own whatever it says. It only tells whoever calls \
            `start()` by hand not to expect the work done when it returns.
            """,
            """
            A completion block runs on another thread, after `isFinished`, and a started-by-hand \
            operation's completion block may run after `start()` returns; use a dependent \
            operation, or the line after the `await`, for what must follow.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: `willChangeValue(forKey:)` and `didChangeValue(forKey:)` are KVO \
            notifications and the queue is a KVO observer of `isFinished`, so the properties must \
            be KVO-compliant.
            """,
            """
            **Linux**: there is no KVO: swift-corelibs-foundation's `didChangeValue(forKey:)` on \
            an `Operation` is the queue's only signal (its `willChangeValue` does nothing), so the \
            same code works there.
            """,
            """
            **Linux**: key-value observing an operation yourself (`observe(\\.isFinished)`, \
            `addObserver(_:forKeyPath:)`) doesn't exist; wait with a dependent operation or \
            `waitUntilFinished()` off the main thread.
            """,
        ],
        annotations: [
            """
            `AsyncOperation` restates `@unchecked Sendable`. That is sound because its three flags \
            are read and written only holding its `NSLock`, and its work closure is a constant.
            """,
            """
            The work and callback closures are `@escaping @Sendable`: the queue runs `start()` on \
            its own threads, and the callback API answers on another.
            """,
        ],
        differences: [
            """
            A cancelled operation skips its work: `start()` finishes it without logging `main` \
            (`AsyncOperationTests.legacyCancelledBeforeStartStillFinishes`). A task created \
            cancelled still runs its body, which throws at its first \
            `try Task.checkCancellation()`, also before `main` \
            (`AsyncOperationTests.modernCancelledBeforeStartThrowsBeforeMain`); the transcripts \
            agree because the body checks first.
            """
        ],
        errata: [
            """
            *iOS Programming Cookbook*, §7.12: returning YES from `isConcurrent` doesn't make an \
            operation asynchronous, and the checklist's claim that operations added to a queue \
            need it is wrong: a queue runs every operation on its own threads, whatever \
            `isConcurrent` says. Nor does `SimpleOperation` need state of its own: the base class \
            already marks a synchronous `main` finished when it returns.
            """,
            """
            The Read-And-Learn wiki page "iOS并发编程", its `YourOperation` overriding `start`: \
            assigning `self.isExecuting`/`self.isFinished` (read-only properties) sends no \
            notifications and doesn't override the base class's state; without \
            `willChangeValue`/`didChangeValue` and overridden getters the queue never sees the \
            operation finish.
            """,
        ],
        // The queue and the block operations are incidental here (`operation-queue-async`,
        // `operation-dependencies` show them); this page replaces the subclass and its state.
        appTargetNote: "In an app target with default `MainActor` isolation, `OneShot` would land on the main actor, so neither the callback nor the cancellation handler could call `resume(with:)`; `nonisolated` keeps the wrapper callable from any thread.",
        replaces: [.operation, .operationCancel, .waitUntilFinished],
        scenarios: [
            Scenario(
                rules: [
                    .multiset,
                    .perSourceOrder(["Operation 111", "Operation 222"]),
                    .partialOrder([
                        OrderConstraint(.prefix("Operation 111 - Parameter"), before: .line("Both finished")),
                        OrderConstraint(.prefix("Operation 222 - Parameter"), before: .line("Both finished")),
                    ]),
                ],
                legacy: { context in
                    let request = Legacy.AsyncOperation.echo(after: context.pace(.seconds(1)))
                    let queue = OperationQueue()
                    await withCheckedContinuation { done in
                        Legacy.AsyncOperation.runPair(on: queue, request: request, log: context.log) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let request = Modern.AsyncOperation.echo(after: context.pace(.seconds(1)))
                    try await Modern.AsyncOperation.runPair(request: request, log: context.log)
                }
            ),
            Scenario(
                "cancelled before start",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.AsyncOperation.runCancelledBeforeStart(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.AsyncOperation.runCancelledBeforeStart(log: context.log)
                }
            ),
            Scenario(
                "cancelled while waiting",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.AsyncOperation.runCancelledWhileWaiting(log: log) }
                },
                modern: { context in
                    await Modern.AsyncOperation.runCancelledWhileWaiting(log: context.log)
                }
            ),
        ]
    )
}
