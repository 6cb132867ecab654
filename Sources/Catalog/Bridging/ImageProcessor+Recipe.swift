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
        prose: Articles.recipe("async-api-completion-queue"),
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
