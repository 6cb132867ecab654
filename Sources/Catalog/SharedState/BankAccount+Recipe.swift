import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let actorReentrancy = Recipe(
        id: "actor-reentrancy",
        title: "Check, await, act: the actor interleaving bug",
        chapter: .sharedState,
        sources: [
            "Seen in real code whenever a serial queue guarding an object becomes an actor; it explains what the actor does not guarantee, next to *Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Handling the Readers and Writers Problem\", and the Read-And-Learn wiki page \"iOS并发编程\", its `NSLock` ticket-sale example",
        ],
        file: "SharedState/BankAccount.swift",
        apis: [
            APIMapping(
                "DispatchQueue.sync { check; work; mutate }",
                "an actor method that checks and reserves before its `await` and refunds if the work fails"),
            APIMapping(
                "DispatchQueue(label:) guarding one object",
                "an `actor` (reentrant: it excludes other calls only between suspension points)"),
            APIMapping(
                "DispatchQueue.async, then a completion handler that mutates",
                "`await` inside the actor method; nothing checked before it is trusted after it"),
        ],
        prose: Articles.recipe("actor-reentrancy"),
        replaces: [.dispatchQueueLabel],
        scenarios: [
            Scenario(
                "two withdrawals of 80",
                rules: [.invariant(["paid", "balance", "authorizations"])],
                fixedOrder: true,
                legacy: { context in
                    let (paid, balance, authorizations) = await withCheckedContinuation { done in
                        Legacy.BankAccount.twoConcurrentWithdrawals(of: 80, from: 100, log: context.log) {
                            done.resume(returning: ($0, $1, $2))
                        }
                    }
                    BankAccountReport.record(
                        paid: paid, balance: balance, authorizations: authorizations, in: context)
                },
                modern: { context in
                    let (paid, balance, authorizations) = await Modern.BankAccount.twoConcurrentWithdrawals(
                        of: 80, from: 100, log: context.log)
                    BankAccountReport.record(
                        paid: paid, balance: balance, authorizations: authorizations, in: context)
                }
            ),
            Scenario(
                "check before the await (the bug)",
                rules: [.exact, .invariant(["paid", "balance", "authorizations"])],
                legacy: { context in
                    let (paid, balance, authorizations) = await withCheckedContinuation { done in
                        Legacy.BankAccount.twoWithdrawalsCheckedBeforeTheCallback(
                            of: 80, from: 100, log: context.log
                        ) {
                            done.resume(returning: ($0, $1, $2))
                        }
                    }
                    BankAccountReport.record(
                        paid: paid, balance: balance, authorizations: authorizations, in: context)
                },
                modern: { context in
                    let (paid, balance, authorizations) = await Modern.BankAccount.twoConcurrentWithdrawals(
                        of: 80, from: 100, checkingOnlyBeforeTheAwait: true, log: context.log)
                    BankAccountReport.record(
                        paid: paid, balance: balance, authorizations: authorizations, in: context)
                }
            ),
        ]
    )
}

/// What both sides record.
private enum BankAccountReport {
    static func record(paid: Int, balance: Int, authorizations: Int, in context: RunContext) {
        context.record("paid", paid)
        context.record("balance", balance)
        context.record("authorizations", authorizations)
    }
}
