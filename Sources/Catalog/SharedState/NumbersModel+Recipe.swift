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
        problem: """
            Sort and sum 10,000 numbers off main without sharing any mutable state: hand the \
            worker a value, get a value back, and keep the model's state on main, so that \
            nothing needs a lock.
            """,
        changes: [
            """
            The hop to an operation queue and back to `OperationQueue.main` becomes one line in a \
            `@MainActor` model: `summary = await Self.summarize(numbers)`, where `summarize` is a \
            `@concurrent` pure function. The line after the `await` is back on main. Both end \
            with exactly what a sequential `sorted()` and `reduce(0, +)` give \
            (`NumbersModelTests.bothEndWithTheSequentialResult`), set on main before anyone is told \
            (`NumbersModelTests.legacySummaryIsSetOnTheMainQueueBeforeTheCompletion`).
            """,
            """
            The input and the output are values (`[Int]`, a `Summary` struct), so each side owns \
            its copy: the caller empties its own array right after the hand-off, and the worker \
            still sorts all 10,000 (`NumbersModelTests.theCallersLaterChangesDoNotReachTheWorker`).
            """,
            """
            The legacy model stays on main by convention, so it needs `@unchecked Sendable` to be \
            captured by the main-queue block, and nothing checks that it is only touched there. \
            The modern model is `@MainActor`: the compiler checks the confinement too. On both \
            sides Swift 6 checks that what crosses is `Sendable`.
            """,
        ],
        pitfalls: [
            """
            Confinement holds only if nothing else keeps a reference: a class (or an array of \
            classes) handed to the worker is shared again, and needs a lock or an actor. Swift 6 \
            rejects a non-`Sendable` value captured by the operation's `@Sendable` block or \
            passed to a `@concurrent` function; marking the class `@unchecked Sendable` to \
            silence it brings the sharing back.
            """,
            """
            Copies cost memory and time: fine for 10,000 `Int`s, not for a large buffer mutated \
            in place. For those, move ownership (`sending`, `consuming`) or keep the data in an \
            actor and send it the operations.
            """,
            """
            Without `@concurrent`, a plain `async` function called from the main actor runs on \
            the main actor under the Swift 6.2 `NonisolatedNonsendingByDefault` setting, and the \
            sort blocks the UI.
            """,
        ],
        annotations: [
            """
            `NumbersModel` is `@unchecked Sendable`: its only mutable state, `summary`, is read \
            and written on the main queue only. The completion is `@escaping @Sendable`: it runs \
            on the main queue.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Summary` would be main-actor-isolated, its `Equatable` conformance included, although the `@concurrent` worker builds it; `nonisolated` keeps it a plain value while the model stays `@MainActor`.",
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
