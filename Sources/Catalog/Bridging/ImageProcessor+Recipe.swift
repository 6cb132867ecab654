import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let imageProcessor = Recipe(
        id: "async-api-completion-queue",
        title: "Completion handler on a caller-chosen queue → `async` function",
        chapter: .bridging,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its asynchronous API design (\"do everything async to "
                + "avoid deadlock\"; `-processImage:completionHandler:` with a `resultQueue`)"
        ],
        file: "Bridging/ImageProcessor.swift",
        apis: [
            APIMapping(
                "completionHandler: called on a caller-chosen result queue",
                "an `async` function: the caller resumes in its own isolation"),
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(resultQueue)) in the handler",
                "nothing to check: the code after the `await` runs where the caller runs"),
            APIMapping(
                "a callback API you can't change (completionHandler:)",
                "`withCheckedContinuation`, resumed exactly once"),
        ],
        problem: """
            Design an asynchronous API that works on a private queue and answers on the queue \
            the caller chose: `processImage(_:completionHandler:)` returns at once, processes on \
            its own serial queue, and calls the handler on `resultQueue`.
            """,
        changes: [
            """
            The handler disappears: `processImage(_:) async -> Bool` returns the result, once. \
            The caller resumes in its own isolation (on the main actor if it was there), so \
            there is no result queue to pass and nothing to check; the legacy handler checks its \
            queue with `dispatchPrecondition(condition: .onQueue(resultQueue))` \
            (`ImageProcessorTests.legacyHandlerRunsOnTheResultQueue`).
            """,
            """
            "The call returns before processing" keeps its meaning: the legacy call returns at \
            once and the modern caller starts the call as a child task (`async let`), so both \
            log `returned` before `processed`. The scenarios make the order certain without a \
            sleep: the processing waits until `returned` has been logged.
            """,
            """
            Callers not yet migrated keep their handler through a shim, \
            `processImage(_:completionHandler:)`, that starts a `Task`, awaits the function and \
            calls the handler once (`ImageProcessorTests.modernShimCallsTheHandlerExactlyOnce`). \
            The other direction, awaiting a callback API you can't change, is \
            `withCheckedContinuation` resumed from the handler (`awaiting(_:)`, \
            `ImageProcessorTests.aContinuationAwaitsTheLegacyAPI`).
            """,
            """
            `@concurrent` sends the processing to the shared pool whoever calls it: a \
            `@MainActor` caller is suspended, not blocked, as the legacy caller returned at once.
            """,
        ],
        pitfalls: [
            """
            A handler must be called exactly once on every path, errors included. Called twice, \
            a checked continuation traps ("tried to resume its continuation more than once"); \
            never called, it leaks the awaiting task and logs "leaked its continuation" when \
            it is freed. The legacy API makes no such check: the test counts the handler calls \
            over 200 concurrent callers (`ImageProcessorTests.everyCallerGetsOneAnswer`).
            """,
            """
            The shim's handler runs in a task on the pool, not on the caller's queue: a legacy \
            caller that updates the UI from it must hop (`Task { @MainActor in … }`) or the shim \
            must take a `@MainActor` handler.
            """,
            """
            The classic asynchronous design avoids deadlocks but costs debuggability: a stack \
            trace in the handler doesn't show who called. An `await` keeps its caller waiting \
            in the same task, so a debugger can show the chain of awaiting callers.
            """,
        ],
        annotations: [
            """
            The handler is `@escaping @Sendable`: it is kept until the work is done, then called \
            on `resultQueue`'s thread. `ImageProcessor` holds only `let` constants of `Sendable` \
            types (two queues and a `@Sendable` closure), so it is `Sendable` with no \
            `@unchecked`.
            """
        ],
        differences: [
            """
            The legacy processor runs one image at a time: its private queue is serial \
            (`ImageProcessorTests.legacyProcessesOneImageAtATime`), and the handler of every \
            call, from any number of callers, lands on `resultQueue`. The modern function may \
            run for several callers at once on the pool; a serial queue that guarded state would \
            become an actor instead (`isolation-queue-per-object`). Both give each of 200 \
            concurrent callers exactly one `true` (`ImageProcessorTests.everyCallerGetsOneAnswer`). \
            Neither is cancellable: a cancelled caller still gets its answer \
            (`ImageProcessorTests.aCancelledCallerStillGetsItsAnswer`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ImageProcessor` would land on the main actor, so the shim's task would inherit the main actor and call the handler there, and `check` could be called synchronously only there; `nonisolated` keeps the shim's handler on the pool, as its comment says, and the processor usable from any task.",
        replaces: [.completionHandler],
        scenarios: [
            Scenario(
                "async function",
                rules: [.exact],
                legacy: legacySide,
                modern: { context in
                    let gate = LineGate(prefix: "returned", count: 1)
                    let log = gate.logger(context.log)
                    let processor = Modern.ImageProcessor { image in
                        await gate.reached()
                        log("processed")
                        return Modern.ImageProcessor.check(image)
                    }
                    await Modern.ImageProcessor.demo(processor, log: log)
                }
            ),
            Scenario(
                "completion-handler shim",
                rules: [.exact],
                legacy: legacySide,
                modern: { context in
                    let gate = LineGate(prefix: "returned", count: 1)
                    let log = gate.logger(context.log)
                    let processor = Modern.ImageProcessor { image in
                        await gate.reached()
                        log("processed")
                        return Modern.ImageProcessor.check(image)
                    }
                    await Modern.ImageProcessor.demoWithShim(processor, log: log)
                }
            ),
        ]
    )

    /// The legacy caller: its handler must run on `resultQueue`; the processing waits until the
    /// call has returned, so the order does not depend on timing.
    private static let legacySide: @Sendable (RunContext) async throws -> Void = { context in
        let gate = LineGate(prefix: "returned", count: 1)
        let log = gate.logger(context.log)
        let resultQueue = DispatchQueue(label: "caller.results")
        let processor = Legacy.ImageProcessor(resultQueue: resultQueue) { image in
            gate.waitUntilReached()
            log("processed")
            return Legacy.ImageProcessor.check(image)
        }
        await withCheckedContinuation { done in
            Legacy.ImageProcessor.demo(processor, resultQueue: resultQueue, log: log) { done.resume() }
        }
    }
}
