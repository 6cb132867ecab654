import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct BankAccountTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let authorizing = "withdraw 80: checked balance 100, authorizing"

    /// How many were paid, the final balance and how many times the authorizer was asked.
    static func twoWithdrawals(
        _ side: Side, log: @escaping @Sendable (String) -> Void
    ) async -> (Int, Int, Int) {
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.BankAccount.twoConcurrentWithdrawals(of: 80, from: 100, log: log) {
                    done.resume(returning: ($0, $1, $2))
                }
            }
        case .modern:
            await Modern.BankAccount.twoConcurrentWithdrawals(of: 80, from: 100, log: log)
        }
    }

    @Test(arguments: Side.allCases)
    func oneOfTwoConcurrentWithdrawalsIsPaid(_ side: Side) async {
        let (paid, balance, _) = await Self.twoWithdrawals(side) { _ in }
        #expect(paid == 1)
        #expect(balance == 20)
    }

    /// The balance covers one withdrawal, so only one asks the authorizer (a card hold, a server
    /// round trip): the queue runs the second after the first has debited, and the actor reserves
    /// before its `await`. (An actor that checks before the `await` and again after it asks
    /// twice, and refuses one afterwards.)
    @Test(arguments: Side.allCases)
    func twoConcurrentWithdrawalsAskTheAuthorizerOnce(_ side: Side) async {
        let (_, _, authorizations) = await Self.twoWithdrawals(side) { _ in }
        #expect(authorizations == 1)
    }

    /// The serial queue runs the first withdrawal's block to its end before the second starts:
    /// the second sees 20 and never reaches the authorizer.
    @Test func serialQueueRunsEachWithdrawalToCompletion() async {
        let recorder = Recorder()
        _ = await Self.twoWithdrawals(.legacy, log: recorder.logger)
        #expect(
            recorder.lines == [
                Self.authorizing,
                "withdraw 80: paid, balance 20",
                "withdraw 80: refused, balance 20",
            ])
    }

    /// The actor lets the second call run while the first awaits the authorizer, and the first
    /// has already reserved the money: the second sees 20 and is refused without asking.
    @Test func actorReservesBeforeTheAwaitSoTheSecondCallIsRefusedAtOnce() async {
        let recorder = Recorder()
        _ = await Self.twoWithdrawals(.modern, log: recorder.logger)
        #expect(
            recorder.lines == [
                "withdraw 80: reserved, balance 20, authorizing",
                "withdraw 80: refused, balance 20",
                "withdraw 80: paid, balance 20",
            ])
    }

    /// Declared difference: while a reservation waits for the authorizer, another withdrawal sees
    /// the money gone and is refused, even if the authorizer then declines and the money comes
    /// back. The queue would have made the second caller wait, and then paid it.
    @Test func modernDeclinedReservationIsRefundedAfterRefusingAConcurrentWithdrawal() async {
        let answer = AsyncStream.makeStream(of: Bool.self)
        let asked = AsyncStream.makeStream(of: Void.self)
        let account = Modern.BankAccount(
            balance: 100,
            authorize: { _ in
                asked.continuation.yield()
                for await approved in answer.stream { return approved }
                return false
            },
            log: { _ in })
        let first = Task { await account.withdraw(80) }
        for await _ in asked.stream { break }
        #expect(await account.currentBalance == 20)
        #expect(await account.withdraw(80) == false)
        answer.continuation.yield(false)
        #expect(await first.value == false)
        #expect(await account.currentBalance == 100)
    }

    /// Expected bug: checking only before the `await` pays both withdrawals.
    @Test func buggyActorPaysBothWithdrawalsAndGoesNegative() async {
        let recorder = Recorder()
        let (paid, balance, authorizations) = await Modern.BankAccount.twoConcurrentWithdrawals(
            of: 80, from: 100, checkingOnlyBeforeTheAwait: true, log: recorder.logger)
        #expect(paid == 2)
        #expect(balance == -60)
        #expect(authorizations == 2)
        #expect(
            recorder.lines == [
                Self.authorizing,
                Self.authorizing,
                "withdraw 80: paid, balance 20",
                "withdraw 80: paid, balance -60",
            ])
    }

    /// Expected bug, GCD edition: the check in one queue block and the debit in the completion's
    /// block let the other withdrawal in between.
    @Test func gcdCheckInOneBlockAndDebitInAnotherHasTheSameBug() async {
        let recorder = Recorder()
        let (paid, balance, authorizations) = await withCheckedContinuation { done in
            Legacy.BankAccount.twoWithdrawalsCheckedBeforeTheCallback(of: 80, from: 100, log: recorder.logger) {
                done.resume(returning: ($0, $1, $2))
            }
        }
        #expect(paid == 2)
        #expect(balance == -60)
        #expect(authorizations == 2)
        #expect(recorder.lines.filter { $0 == Self.authorizing }.count == 2)
    }

    /// One withdrawal at a time: a declined authorization pays nothing and leaves the balance.
    @Test(arguments: Side.allCases)
    func aDeclinedAuthorizationLeavesTheBalance(_ side: Side) async {
        switch side {
        case .legacy:
            let account = Legacy.BankAccount(balance: 100) { _ in }
            let paid = await onOwnThread { account.withdraw(30, authorize: { _ in false }) }
            #expect(!paid)
            #expect(account.currentBalance == 100)
        case .modern:
            let account = Modern.BankAccount(balance: 100, authorize: { _ in false }) { _ in }
            #expect(await account.withdraw(30) == false)
            #expect(await account.currentBalance == 100)
        }
    }

    /// The buggy method is only wrong under interleaving: called one at a time, it is correct.
    @Test func buggyMethodCalledOneAtATimeDeclinesTheSecond() async {
        let account = Modern.BankAccount(balance: 100, authorize: { _ in true }) { _ in }
        #expect(await account.withdrawCheckingOnlyBeforeTheAwait(80))
        #expect(await account.withdrawCheckingOnlyBeforeTheAwait(80) == false)
        #expect(await account.currentBalance == 20)
    }

    /// The authorizer runs off the account's actor (`@concurrent`): its own work (a card hold,
    /// signing a request) holds up no other call on the account. A plain async closure stored by
    /// the actor and called from it would run on the actor.
    @Test func modernAuthorizerRunsOffTheActor() async {
        let account = Modern.BankAccount(
            balance: 100, authorize: { _ in #isolation == nil }, log: { _ in })
        #expect(await account.withdraw(30))
    }
}
