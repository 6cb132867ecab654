/// A bank account as an actor: `withdraw` checks, awaits the authorizer, then
/// checks again and debits with no `await` in between.
///
/// An actor runs one call at a time only *between* suspension points. While
/// a withdrawal awaits the authorizer, the actor is free and the other
/// withdrawal runs, so a balance checked before the `await` may be stale after
/// it. The rule: never carry a check across an `await`. Check (again) after
/// the last `await`, and mutate in the same stretch of synchronous code. The
/// gain over the queue: nobody blocks a thread while the authorizer works.
public actor BankAccount {
    private var balance: Int
    private let authorize: @Sendable (Int) async -> Bool
    private let log: @Sendable (String) -> Void

    public init(
        balance: Int,
        authorize: @escaping @Sendable (Int) async -> Bool,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.balance = balance
        self.authorize = authorize
        self.log = log
    }

    public var currentBalance: Int { balance }

    /// Authorizes, then checks and debits with no suspension in between.
    /// Returns whether the money was paid out.
    public func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else {
            log("withdraw \(amount): refused, balance \(balance)")
            return false
        }
        log("withdraw \(amount): checked balance \(balance), authorizing")
        guard await authorize(amount) else { return false }
        // Other calls ran during the `await`: look at the balance again.
        guard balance >= amount else {
            log("withdraw \(amount): refused on a second look, \(balance) left")
            return false
        }
        balance -= amount
        log("withdraw \(amount): paid, balance \(balance)")
        return true
    }
}

// MARK: - The bug: check, await, act

extension BankAccount {
    /// The same method without the second look: the check before the `await`
    /// is trusted after it, and two calls can both pass it.
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
    /// answers only once both requests are in, so both calls are suspended at
    /// the same `await` on every run. Returns how many were paid and the final
    /// balance.
    public static func twoConcurrentWithdrawals(
        of amount: Int,
        from balance: Int,
        checkingOnlyBeforeTheAwait: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) async -> (paid: Int, balance: Int) {
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
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        return (paid, await account.currentBalance)
    }

    /// An authorizer that approves every request, but answers only once
    /// `expected` requests are waiting (or `release()` is called).
    public actor AnswersWhenAllAsked {
        private let expected: Int
        private var waiting: [CheckedContinuation<Bool, Never>] = []

        public init(expected: Int) { self.expected = expected }

        public func ask() async -> Bool {
            await withCheckedContinuation { continuation in
                waiting.append(continuation)
                if waiting.count == expected { release() }
            }
        }

        /// Approves every request waiting now.
        public func release() {
            for continuation in waiting { continuation.resume(returning: true) }
            waiting = []
        }
    }
}
