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
        problem: """
            An account holds 100 and two withdrawals of 80 arrive at once; each checks the \
            balance, waits for an authorizer, then debits. Exactly one must be paid.
            """,
        changes: [
            """
            The serial queue becomes an `actor`, and the synchronous authorizer an `async` one. \
            Nobody blocks a thread while the authorizer works: the queue version holds its queue, \
            and the calling thread, for the whole block.
            """,
            """
            A serial queue runs each block to completion: while the first withdrawal authorizes, \
            the second cannot even check, so it sees the debited balance and is refused \
            (`BankAccountTests.serialQueueRunsEachWithdrawalToCompletion`). An actor runs one call \
            at a time only *between* suspension points: while the first withdrawal awaits the \
            authorizer the second one runs, and both pass the first check \
            (`BankAccountTests.actorInterleavesBothCallsAtTheAwait`).
            """,
            """
            The fix is one `guard` after the `await`: the actor looks at the balance again and \
            debits with no suspension in between. One withdrawal is paid and the balance ends at \
            20 on both sides (`BankAccountTests.oneOfTwoConcurrentWithdrawalsIsPaid`).
            """,
            """
            Without that second look, both withdrawals are paid and the balance ends at −60 \
            (`BankAccountTests.buggyActorPaysBothWithdrawalsAndGoesNegative`, an expected-bug \
            test, and the \"check before the await (the bug)\" scenario under \"What it \
            prints\"). GCD code has the same bug \
            as soon as the work in the middle is asynchronous: a check in one queue block and a \
            debit in the completion's block let other blocks in between \
            (`BankAccountTests.gcdCheckInOneBlockAndDebitInAnotherHasTheSameBug`).
            """,
            """
            The runs are deterministic: the authorizer answers only once both requests are in, so \
            both calls are suspended at the same `await` on every run (on a 2-thread pool \
            `Task.yield()` would not promise that). On the queue side the second request cannot \
            arrive while the first is authorizing, so its authorizer simply approves. Each side \
            logs its lines in one order, and \"What it prints\" shows them as they happened: on \
            the actor, both checks before either debit.
            """,
        ],
        pitfalls: [
            """
            Never hold an invariant across an `await`. Anything read before it (a balance, a \
            cache miss, \"not loading yet\") may have changed when the method resumes. Check \
            after the last `await`, or reserve first (debit, await, refund on failure).
            """,
            """
            The `await` need not be visible in the method you are reading: calling another async \
            method of any actor, or an async closure, is a suspension point too. `Task.yield()` \
            and `Task.sleep` are the obvious ones.
            """,
            """
            Replacing a serial queue with an actor is not a drop-in change when a queue block \
            called something slow synchronously: making that call `async` is what opens the \
            window. A `Mutex` keeps the queue's run-to-completion semantics, and cannot be held \
            across an `await` at all (see `readers-writer-barrier` for the actor form of a \
            concurrent queue).
            """,
            """
            Tests do not find this bug by luck: the two calls must be suspended at the same time. \
            Make the slow dependency injectable, and let the test decide when it answers.
            """,
        ],
        annotations: [
            """
            `BankAccount` is `@unchecked Sendable`: `balance` is read and written only in blocks \
            on its private serial queue.
            """,
            """
            The asynchronous authorizer and the completions are `@escaping @Sendable`: they are \
            called back from other threads. The driver's counters are `@unchecked Sendable`, each \
            behind an `NSLock`.
            """,
        ],
        differences: [
            """
            With a synchronous authorizer the queue version logs `authorizing` once: the second \
            withdrawal starts only after the first has debited \
            (`BankAccountTests.serialQueueRunsEachWithdrawalToCompletion`). The actor logs it \
            twice: both calls run up to the `await` before either debits \
            (`BankAccountTests.actorInterleavesBothCallsAtTheAwait`). The outcome, one paid and \
            20 left, is the same.
            """
        ],
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
