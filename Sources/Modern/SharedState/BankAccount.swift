/// A bank account as an actor: `withdraw` reserves the money first (checks
/// and debits with no `await` in between), then awaits the authorizer, and
/// refunds if it declines.
///
/// An actor runs one call at a time only *between* suspension points. While
/// a withdrawal awaits the authorizer, the actor is free and the other
/// withdrawal runs, so a balance checked before the `await` may be stale after
/// it. The rule: never carry a check across an `await`. Here the check and the
/// debit come before it, in one stretch of synchronous code, so the second
/// withdrawal already sees the reduced balance and is refused without asking
/// the authorizer: a card hold or a server round trip happens only for money
/// that is there. The gain over the queue: nobody blocks a thread while the
/// authorizer works. The authorizer is `@concurrent`, so it runs off the
/// actor: its own work holds up no other call on the account.
public actor BankAccount {
    private var balance: Int
    private let authorize: @concurrent @Sendable (Int) async -> Bool
    private let log: @Sendable (String) -> Void

    public init(
        balance: Int,
        authorize: @escaping @concurrent @Sendable (Int) async -> Bool,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.balance = balance
        self.authorize = authorize
        self.log = log
    }

    public var currentBalance: Int { balance }

    /// Checks and debits, then authorizes; a declined authorization puts the
    /// money back. Returns whether the money was paid out.
    public func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else {
            log("withdraw \(amount): refused, balance \(balance)")
            return false
        }
        balance -= amount  // reserved: other calls see it gone
        log("withdraw \(amount): reserved, balance \(balance), authorizing")
        guard await authorize(amount) else {
            balance += amount  // refund
            log("withdraw \(amount): declined, balance \(balance)")
            return false
        }
        log("withdraw \(amount): paid, balance \(balance)")
        return true
    }
}

// MARK: - What not to do: check, await, act

extension BankAccount {
    /// The same method with the check before the `await` and the debit after
    /// it: the check is trusted after the `await`, and two calls can both
    /// pass it.
    public func withdrawCheckingOnlyBeforeTheAwait(
        _ amount: Int
    ) async -> Bool {
        guard balance >= amount else {
            log("withdraw \(amount): refused, balance \(balance)")
            return false
        }
        log("withdraw \(amount): checked balance \(balance), authorizing")
        // The bug: other calls run here, and the check above may be stale.
        guard await authorize(amount) else { return false }
        balance -= amount
        log("withdraw \(amount): paid, balance \(balance)")
        return true
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension BankAccount {
    /// Two concurrent withdrawals of `amount` from an account holding
    /// `balance`, through `withdraw` or, with `checkingOnlyBeforeTheAwait`,
    /// through the buggy method. The authorizer approves everything, but
    /// answers only once both requests are in or one withdrawal has returned,
    /// so the second call always arrives while the first is suspended at its
    /// `await`. Returns how many were paid, the final balance and how many
    /// times the authorizer was asked.
    public static func twoConcurrentWithdrawals(
        of amount: Int,
        from balance: Int,
        checkingOnlyBeforeTheAwait: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) async -> (paid: Int, balance: Int, authorizations: Int) {
        let authorizer = AnswersWhenAllAsked(expected: 2)
        let account = BankAccount(
            balance: balance,
            authorize: { _ in await authorizer.ask() },
            log: log)
        let paid = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    checkingOnlyBeforeTheAwait
                        ? await account.withdrawCheckingOnlyBeforeTheAwait(
                            amount)
                        : await account.withdraw(amount)
                }
            }
            var paid = 0
            for await wasPaid in group {
                await authorizer.open()  // one call is back: answer the other
                if wasPaid { paid += 1 }
            }
            return paid
        }
        return (paid, await account.currentBalance, await authorizer.asked)
    }

    /// An authorizer that approves every request, but answers only once
    /// `expected` requests are waiting, or once `open()` is called.
    public actor AnswersWhenAllAsked {
        private let expected: Int
        private var waiting: [CheckedContinuation<Bool, Never>] = []
        private var isOpen = false
        /// How many requests were made.
        public private(set) var asked = 0

        public init(expected: Int) { self.expected = expected }

        public func ask() async -> Bool {
            asked += 1
            if isOpen { return true }
            return await withCheckedContinuation { continuation in
                waiting.append(continuation)
                if waiting.count == expected { release() }
            }
        }

        /// Approves every request waiting now, and every later one at once.
        public func open() {
            isOpen = true
            release()
        }

        private func release() {
            for continuation in waiting { continuation.resume(returning: true) }
            waiting = []
        }
    }
}
