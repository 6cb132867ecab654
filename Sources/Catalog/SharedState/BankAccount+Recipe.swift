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
                "an actor method that checks (again) after its last `await` and mutates before the next one"),
            APIMapping(
                "DispatchQueue(label:) guarding one object",
                "an `actor` (reentrant: it excludes other calls only between suspension points)"),
            APIMapping(
                "DispatchQueue.async, then a completion handler that mutates",
                "`await` inside the actor method; the check after the `await` is what makes it safe"),
        ],
        prose: Articles.recipe("actor-reentrancy"),
        replaces: [.dispatchQueueLabel],
        scenarios: [
            Scenario(
                "two withdrawals of 80",
                rules: [.invariant(["paid", "balance"])],
                fixedOrder: true,
                legacy: { context in
                    let (paid, balance) = await withCheckedContinuation { done in
                        Legacy.BankAccount.twoConcurrentWithdrawals(of: 80, from: 100, log: context.log) {
                            done.resume(returning: ($0, $1))
                        }
                    }
                    BankAccountReport.record(paid: paid, balance: balance, in: context)
                },
                modern: { context in
                    let (paid, balance) = await Modern.BankAccount.twoConcurrentWithdrawals(
                        of: 80, from: 100, log: context.log)
                    BankAccountReport.record(paid: paid, balance: balance, in: context)
                }
            ),
            Scenario(
                "check before the await (the bug)",
                rules: [.exact, .invariant(["paid", "balance"])],
                legacy: { context in
                    let (paid, balance) = await withCheckedContinuation { done in
                        Legacy.BankAccount.twoWithdrawalsCheckedBeforeTheCallback(
                            of: 80, from: 100, log: context.log
                        ) {
                            done.resume(returning: ($0, $1))
                        }
                    }
                    BankAccountReport.record(paid: paid, balance: balance, in: context)
                },
                modern: { context in
                    let (paid, balance) = await Modern.BankAccount.twoConcurrentWithdrawals(
                        of: 80, from: 100, checkingOnlyBeforeTheAwait: true, log: context.log)
                    BankAccountReport.record(paid: paid, balance: balance, in: context)
                }
            ),
        ]
    )
}

/// What both sides record.
private enum BankAccountReport {
    static func record(paid: Int, balance: Int, in context: RunContext) {
        context.record("paid", paid)
        context.record("balance", balance)
    }
}
