import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let messagePassingConfinement = Recipe(
        id: "message-passing-confinement",
        title: "No locks: values in, values out",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its hand-off from main to an operation queue and back, \"without any locks\"",
            "*Threading Programming Guide*, \"Thread Management\" › \"Thread Costs\" (redesigning data structures to avoid synchronization)",
        ],
        file: "SharedState/NumbersModel.swift",
        apis: [
            APIMapping(
                "queue.addOperation { let out = f(input); OperationQueue.main.addOperation { model.x = out } }",
                "a `@MainActor` model: `x = await f(input)` with `f` `@concurrent`"),
            APIMapping(
                "OperationQueue.main.addOperation to confine state to main",
                "`@MainActor` on the model: the compiler checks the confinement"),
        ],
        prose: Articles.recipe("message-passing-confinement"),
        replaces: [.operationQueue, .addOperation, .mainOperationQueue],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    let model = await withCheckedContinuation { done in
                        Legacy.NumbersModel.run(
                            NumbersModelFixture.numbers,
                            show: { sink.showFromMainQueue($0) },
                            log: context.log
                        ) { done.resume(returning: $0) }
                    }
                    let summary = await MainActor.run { model.summary }
                    NumbersModelFixture.check(summary?.sorted, summary?.sum, in: context)
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let summary = await MainActor.run {
                        Task {
                            await Modern.NumbersModel.run(
                                NumbersModelFixture.numbers, show: { sink.show($0) }, log: context.log
                            ).summary
                        }
                    }.value
                    NumbersModelFixture.check(summary?.sorted, summary?.sum, in: context)
                }
            )
        ]
    )
}

enum NumbersModelFixture {
    /// 10,000 seeded numbers in 0…999,999.
    static let numbers = SplitMix64.numbers(count: 10_000, upTo: 999_999).map { Int($0) }

    /// Logs whether the model ended with what a sequential run computes.
    static func check(_ sorted: [Int]?, _ sum: Int?, in context: RunContext) {
        let matches = sorted == numbers.sorted() && sum == numbers.reduce(0, +)
        context.log("matches a sequential sort and sum: \(matches)")
    }
}
