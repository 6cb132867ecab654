/// The counter and its lock become an actor; the two seller threads become two
/// tasks that ask it for one sale at a time.
///
/// `sellOne()` checks and decrements in one actor call, with no `await` in
/// between, so no two sellers can get the same ticket and none can go below
/// the last. The "work" happens outside the actor, so the sellers work side by
/// side where the classic sleep inside the lock made them take turns. There is
/// no lock to leave held: returning from an actor method, or leaving the
/// seller's loop early, releases nothing because nothing was taken.
public actor TicketOffice {
    /// One sale: what was left before it, how many were sold, and by whom.
    public struct Sale: Sendable, Equatable {
        public let ticketsLeft: Int
        public let sold: Int
        public let seller: String
    }

    private var tickets = 100

    public init() {}

    /// Takes the next ticket, or `nil` once they have run out. The classic
    /// `>= 0` is kept: ticket 0 is sold too, 101 in all.
    public func sellOne(by seller: String) -> Sale? {
        guard tickets >= 0 else { return nil }
        defer { tickets -= 1 }
        return Sale(ticketsLeft: tickets, sold: 100 - tickets, seller: seller)
    }

    /// What is left (−1 after the classic off-by-one).
    public var ticketsLeft: Int { tickets }

    /// Two sellers, each selling until `sellOne` says sold out or the task is
    /// cancelled; returns what is left.
    public static func sellAll(
        work: Duration, sold: @escaping @Sendable (Sale) -> Void
    ) async -> Int {
        let office = TicketOffice()
        await withDiscardingTaskGroup { group in
            for seller in ["Seller-1", "Seller-2"] {
                group.addTask {
                    while let sale = await office.sellOne(by: seller) {
                        sold(sale)
                        // The work, outside the actor: it holds nothing.
                        // Cancelled, the seller stops instead of selling on.
                        do { try await Task.sleep(for: work) } catch { break }
                    }
                }
            }
        }
        return await office.ticketsLeft
    }
}

// MARK: - No lock to leave held: an early exit just ends a seller

extension TicketOffice {
    /// The classic `break`, kept: the seller leaves its loop when the tickets
    /// run out. The actor holds nothing across calls, so the other seller's
    /// next `sellOne` returns `nil` and it stops too. Returns the sales made.
    static func sell(
        as seller: String, at office: TicketOffice,
        log: @Sendable (String) -> Void
    ) async -> Int {
        var sales = 0
        while true {
            guard await office.sellOne(by: seller) != nil else {
                log("sold out: breaking out, holding nothing")
                break
            }
            sales += 1
        }
        return sales
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension TicketOffice {
    /// The modern counterpart of the classic buggy program: both sellers break
    /// out, and the program finishes.
    public static func sellAllBreakingOut(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let office = TicketOffice()
        let sold = await withTaskGroup(of: Int.self) { group in
            for seller in ["Seller-1", "Seller-2"] {
                group.addTask { await sell(as: seller, at: office, log: log) }
            }
            return await group.reduce(0, +)
        }
        log("both sellers finished: \(sold) tickets sold")
    }
}
