import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let operationMainQueueBlock = Recipe(
        id: "operation-main-queue-block",
        title: "One-off work on `OperationQueue.main`",
        chapter: .operations,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its one-off block on the main queue (`[[NSOperationQueue mainQueue] addOperationWithBlock:]`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its note on the main queue and custom queues",
        ],
        file: "Operations/MainQueueBlock.swift",
        apis: [
            APIMapping("OperationQueue.main.addOperation { … }", "`Task { @MainActor in … }`"),
            APIMapping(
                "OperationQueue.main.addOperation, waiting for it", "`await MainActor.run { … }`"),
            APIMapping(
                "Operation.cancel before it runs",
                "`task.cancel()`, and `Task.isCancelled` checked in the body"),
        ],
        prose: Articles.recipe("operation-main-queue-block"),
        replaces: [.mainOperationQueue, .addOperation, .blockOperation, .operationCancel],
        scenarios: [
            Scenario(
                "from main",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.MainQueueBlock.postThreeThenReturn(
                                show: MainQueueBlockFixture.legacyShow(sink), log: context.log
                            ) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let tasks = await MainActor.run {
                        Modern.MainQueueBlock.postThreeThenReturn(
                            show: MainQueueBlockFixture.modernShow(sink), log: context.log)
                    }
                    for task in tasks { await task.value }
                }
            ),
            Scenario(
                "from background",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            Legacy.MainQueueBlock.postThreeThenReturn(
                                show: MainQueueBlockFixture.legacyShow(sink), log: context.log
                            ) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let tasks = await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            done.resume(
                                returning: Modern.MainQueueBlock.postThreeThenReturn(
                                    show: MainQueueBlockFixture.modernShow(sink), log: context.log))
                        }
                    }
                    for task in tasks { await task.value }
                }
            ),
            Scenario(
                "cancelled before it runs",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            let operation = Legacy.MainQueueBlock.postCancellable(
                                show: MainQueueBlockFixture.legacyShow(sink))
                            operation.cancel()
                            context.log("cancelled")
                            OperationQueue.main.addOperation { done.resume() }
                        }
                    }
                    context.log("shown: \(sink.shown.count)")
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let task = await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            let task = Modern.MainQueueBlock.postCancellable(
                                show: MainQueueBlockFixture.modernShow(sink))
                            task.cancel()
                            context.log("cancelled")
                            done.resume(returning: task)
                        }
                    }
                    await task.value
                    context.log("shown: \(sink.shown.count)")
                }
            ),
        ]
    )
}

/// The fake UI both sides update: each call asserts that it is isolated to main.
enum MainQueueBlockFixture {
    static func legacyShow(_ sink: UISink) -> @Sendable (String) -> Void {
        { line in
            MainActor.assertIsolated("a main-queue block ran off the main queue")
            sink.showFromMainQueue(line)
        }
    }

    static func modernShow(_ sink: UISink) -> @MainActor @Sendable (String) -> Void {
        { @MainActor line in sink.show(line) }
    }
}
