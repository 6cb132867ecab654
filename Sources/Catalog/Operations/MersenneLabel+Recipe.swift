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
        problem: """
            Compute the largest Mersenne prime that fits in 64 bits off main, show it in a label \
            on main, and let the label's owner go away meanwhile without a retain cycle \
            (self → queue → block → self) keeping it alive.
            """,
        changes: [
            """
            The operation queue and the nested main-queue block become a `@MainActor` model whose \
            `Task { [weak self] in … }` awaits a `@concurrent` computation: the code after the \
            `await` is back on main, so there is no hop to write. Both show `2305843009213693951` \
            (2^61 − 1) (`MersenneLabelTests.bothShowTheLargestMersennePrimeInUInt64`).
            """,
            """
            `[weak self]` stays: a `Task {}` captures `self` strongly by default, and would keep \
            the model until the computation ends. Released before the result arrives, both \
            owners are deallocated, nothing is shown and nothing crashes \
            (`MersenneLabelTests.releasedFirstNothingIsShownAndTheOwnerIsDeallocated`).
            """,
            """
            The model keeps its task, and `stop()` and `deinit` cancel it (a `deinit` may read the stored `Task`: the handle is `Sendable`). The \
            computation checks `Task.checkCancellation()` and calls `Task.yield()` between \
            exponents, so cancelling actually stops it.
            """,
            """
            The computation is Lucas–Lehmer for every prime p ≤ 63: s(0) = 4, \
            s(k + 1) = s(k)² − 2 mod 2^p − 1, and 2^p − 1 is prime iff s(p − 2) = 0. The square \
            needs 128 bits: `multipliedFullWidth(by:)`, then `dividingFullWidth(_:)` for the \
            remainder.
            """,
        ],
        pitfalls: [
            """
            `[weak self]` doesn't stop the work: without cancellation, the computation runs to the \
            end for an owner that is gone. Keep the task and cancel it.
            """,
            """
            Cancelling only helps if the work checks: a CPU loop that never calls \
            `Task.checkCancellation()` (or `Task.isCancelled`) runs to the end, and one that never \
            suspends holds a thread of the shared pool (as wide as the core count) the whole time.
            """,
            """
            `guard let self` at the top of the task closure, before the `await`, makes `self` \
            strong for the whole wait and undoes `[weak self]`. Unwrap after the `await`.
            """,
        ],
        annotations: [
            """
            `MersenneLabel` is `@unchecked Sendable`: `text` is read and written on the main queue \
            only, and everything else is a constant.
            """,
            """
            The inner main-queue block repeats `[weak self]`: it captures the outer block's weak \
            `self`, and Swift 6 rejects a captured `var` in a `@Sendable` closure.
            """,
        ],
        differences: [
            """
            Released first, the legacy computation still runs to the end and its result is \
            dropped (`MersenneLabelTests.legacyComputationRunsOnAfterTheOwnerIsGone`); the modern \
            model's `deinit` cancels its task, so the computation sees the cancellation and stops \
            (`MersenneLabelTests.modernDeinitCancelsTheComputation`).
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `findLargestMersennePrime` example: \
            the cycle its comment warns of, self → operationQueue → block → self, is not a leak: \
            the queue releases the block once the operation has run, so a strong capture keeps the \
            owner alive only until the computation ends. `__weak` is still right: it lets the \
            owner go at once and skips a UI update no one will see.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, the `Mersenne` helpers would land on the main actor, so the `@concurrent` `largest()` could not call `isPrime` or `isMersennePrime`; `nonisolated` keeps the computation off it while the label stays `@MainActor`.",
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
