import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct BankAccountTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let authorizing = "withdraw 80: checked balance 100, authorizing"

    static func twoWithdrawals(_ side: Side, log: @escaping @Sendable (String) -> Void) async -> (Int, Int) {
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.BankAccount.twoConcurrentWithdrawals(of: 80, from: 100, log: log) {
                    done.resume(returning: ($0, $1))
                }
            }
        case .modern:
            await Modern.BankAccount.twoConcurrentWithdrawals(of: 80, from: 100, log: log)
        }
    }

    @Test(arguments: Side.allCases)
    func oneOfTwoConcurrentWithdrawalsIsPaid(_ side: Side) async {
        let (paid, balance) = await Self.twoWithdrawals(side) { _ in }
        #expect(paid == 1)
        #expect(balance == 20)
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

    /// The actor lets the second call run while the first awaits the authorizer: both check 100
    /// before either debits, and only the check after the `await` declines the second.
    @Test func actorInterleavesBothCallsAtTheAwait() async {
        let recorder = Recorder()
        _ = await Self.twoWithdrawals(.modern, log: recorder.logger)
        #expect(
            recorder.lines == [
                Self.authorizing,
                Self.authorizing,
                "withdraw 80: paid, balance 20",
                "withdraw 80: refused on a second look, 20 left",
            ])
    }

    /// Expected bug: checking only before the `await` pays both withdrawals.
    @Test func buggyActorPaysBothWithdrawalsAndGoesNegative() async {
        let recorder = Recorder()
        let (paid, balance) = await Modern.BankAccount.twoConcurrentWithdrawals(
            of: 80, from: 100, checkingOnlyBeforeTheAwait: true, log: recorder.logger)
        #expect(paid == 2)
        #expect(balance == -60)
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
        let (paid, balance) = await withCheckedContinuation { done in
            Legacy.BankAccount.twoWithdrawalsCheckedBeforeTheCallback(of: 80, from: 100, log: recorder.logger) {
                done.resume(returning: ($0, $1))
            }
        }
        #expect(paid == 2)
        #expect(balance == -60)
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
}
