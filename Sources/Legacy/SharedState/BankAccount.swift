import Foundation

/// A bank account guarded by a private serial queue: `withdraw` checks the
/// balance, authorizes and debits inside one `sync` block.
///
/// A serial queue runs each block to completion. While one withdrawal's block
/// runs, even while it waits for the authorizer, no other block of the queue
/// starts, so the balance it checked is still the balance when it debits. The
/// price is that the authorizer runs *inside* the block: every other caller of
/// the account blocks its thread until the slow part is done.
public final class BankAccount: @unchecked Sendable {
    // `@unchecked Sendable`: `balance` is read and written only in blocks on
    // `queue`.
    private let queue = DispatchQueue(label: "com.example.BankAccount")
    private var balance: Int
    private let log: @Sendable (String) -> Void

    public init(balance: Int, log: @escaping @Sendable (String) -> Void) {
        self.balance = balance
        self.log = log
    }

    public var currentBalance: Int { queue.sync { balance } }

    /// Checks, authorizes and debits in one block: nothing else runs on
    /// `queue` in between. Returns whether the money was paid out.
    public func withdraw(
        _ amount: Int, authorize: (Int) -> Bool
    ) -> Bool {
        queue.sync {
            guard balance >= amount else {
                log("withdraw \(amount): refused, balance \(balance)")
                return false
            }
            log("withdraw \(amount): checked balance \(balance), authorizing")
            guard authorize(amount) else { return false }
            balance -= amount
            log("withdraw \(amount): paid, balance \(balance)")
            return true
        }
    }
}

// MARK: - What not to do: check in one block, debit in another

extension BankAccount {
    /// The check runs in one block and the debit in a later one, after an
    /// asynchronous authorizer calls back. Other blocks run in between, and
    /// the debit trusts a check that may be stale: the bug an actor method has
    /// when it checks before an `await` and acts after it.
    public func withdraw(
        _ amount: Int,
        authorize:
            @escaping @Sendable (
                Int, @escaping @Sendable (Bool) -> Void
            ) -> Void,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        queue.async { [self] in
            guard balance >= amount else {
                log("withdraw \(amount): refused, balance \(balance)")
                return completion(false)
            }
            log("withdraw \(amount): checked balance \(balance), authorizing")
            authorize(amount) { approved in
                self.queue.async {
                    // The bug: no second look at the balance.
                    guard approved else { return completion(false) }
                    self.balance -= amount
                    self.log(
                        "withdraw \(amount): paid, balance \(self.balance)")
                    completion(true)
                }
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension BankAccount {
    /// Two withdrawals of `amount` from two threads at once, from an account
    /// holding `balance`; `completion` gets how many were paid, the final
    /// balance and how many times the authorizer was asked. The authorizer
    /// approves everything.
    public static func twoConcurrentWithdrawals(
        of amount: Int,
        from balance: Int,
        log: @escaping @Sendable (String) -> Void,
        completion:
            @escaping @Sendable (
                _ paid: Int, _ balance: Int, _ authorizations: Int
            ) -> Void
    ) {
        let account = BankAccount(balance: balance, log: log)
        let paid = PaidCount()
        let asked = PaidCount()
        let both = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: both) {
                let approved = account.withdraw(amount) { _ in
                    asked.increment()
                    return true
                }
                if approved { paid.increment() }
            }
        }
        both.notify(queue: .global()) {
            completion(paid.value, account.currentBalance, asked.value)
        }
    }

    /// The callback version, with an authorizer that answers only once both
    /// requests are in: both checks run before either debit, every time.
    public static func twoWithdrawalsCheckedBeforeTheCallback(
        of amount: Int,
        from balance: Int,
        log: @escaping @Sendable (String) -> Void,
        completion:
            @escaping @Sendable (
                _ paid: Int, _ balance: Int, _ authorizations: Int
            ) -> Void
    ) {
        let account = BankAccount(balance: balance, log: log)
        let authorizer = AnswersWhenAllAsked(expected: 2)
        let paid = PaidCount()
        let both = DispatchGroup()
        for _ in 0..<2 {
            both.enter()
            account.withdraw(amount, authorize: authorizer.ask) { approved in
                if approved { paid.increment() }
                both.leave()
            }
        }
        both.notify(queue: .global()) {
            completion(paid.value, account.currentBalance, authorizer.asked)
        }
    }

    /// Counts the withdrawals that were paid (or the authorizations).
    final class PaidCount: @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched while holding `lock`.
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// An authorizer that approves every request, but calls back only once
    /// `expected` requests have been made.
    public final class AnswersWhenAllAsked: @unchecked Sendable {
        // `@unchecked Sendable`: `pending` and `count` are only touched while
        // holding `lock`.
        private let lock = NSLock()
        private let expected: Int
        private var pending: [@Sendable (Bool) -> Void] = []
        private var count = 0

        public init(expected: Int) { self.expected = expected }

        /// How many requests were made.
        public var asked: Int { lock.withLock { count } }

        public func ask(
            _ amount: Int, answer: @escaping @Sendable (Bool) -> Void
        ) {
            let ready: [@Sendable (Bool) -> Void] = lock.withLock {
                count += 1
                pending.append(answer)
                guard pending.count == expected else { return [] }
                defer { pending = [] }
                return pending
            }
            for answer in ready { answer(true) }
        }
    }
}
