import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let backgroundComputeWeakSelf = Recipe(
        id: "background-compute-weak-self",
        title: "Compute in the background, publish on main, no retain cycle",
        chapter: .operations,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `findLargestMersennePrime` example (`__weak id weakSelf`)"
        ],
        file: "Operations/MersenneLabel.swift",
        apis: [
            APIMapping(
                "operationQueue.addOperation { [weak self] in … OperationQueue.main.addOperation { … } }",
                "a `@MainActor` model keeping `Task { [weak self] in … }`, cancelled on stop and in `deinit`"),
            APIMapping(
                "OperationQueue.main.addOperation { self?.label = … }",
                "the code after `await` in a `@MainActor` task"),
            APIMapping("Operation.cancel (not in the original example)", "`task.cancel()` in `stop()` and `deinit`"),
        ],
        prose: Articles.recipe("background-compute-weak-self"),
        replaces: [.operationQueue, .addOperation, .mainOperationQueue],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in try await MersenneLabelFixture.runLegacy(context, releasingFirst: false) },
                modern: { context in await MersenneLabelFixture.runModern(context, releasingFirst: false) }
            ),
            Scenario(
                "owner released first",
                rules: [.exact],
                legacy: { context in try await MersenneLabelFixture.runLegacy(context, releasingFirst: true) },
                modern: { context in await MersenneLabelFixture.runModern(context, releasingFirst: true) }
            ),
        ]
    )
}

enum MersenneLabelFixture {
    static func runLegacy(_ context: RunContext, releasingFirst: Bool) async throws {
        let sink = UISink(log: context.log)
        await withCheckedContinuation { done in
            Legacy.MersenneLabel.run(
                releasingFirst: releasingFirst,
                show: { sink.showFromMainQueue("label: \($0)") },
                log: context.log
            ) { done.resume() }
        }
    }

    static func runModern(_ context: RunContext, releasingFirst: Bool) async {
        let sink = UISink(log: context.log)
        await Modern.MersenneLabel.run(
            releasingFirst: releasingFirst,
            show: { @MainActor in sink.show("label: \($0)") },
            log: context.log)
    }
}
