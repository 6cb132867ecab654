import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct TicketOfficeTests {
    /// One sale, as either side reports it.
    struct Sale: Equatable {
        let left: Int
        let sold: Int
        let seller: String
    }

    /// Checks a whole run: tickets 100…0 each sold once, `sold == 100 - left`, each seller's own
    /// sales in decreasing order, and only the expected sellers.
    static func expectSoldOutInOrder(_ sales: [Sale], sellers: Set<String>) {
        #expect(sales.count == 101)
        #expect(sales.map(\.left).sorted() == Array(0...100))
        #expect(sales.allSatisfy { $0.sold == 100 - $0.left })
        #expect(Set(sales.map(\.seller)).isSubset(of: sellers))
        for seller in sellers {
            let own = sales.filter { $0.seller == seller }.map(\.left)
            #expect(own == own.sorted(by: >))
        }
    }

    @Test func eachSideSellsEveryTicketOnceInOrderPerSeller() async {
        let legacySales = Locked<[Sale]>([])
        let legacyLeft = await onOwnThread {
            Legacy.TicketOffice(work: .zero) { sale in
                legacySales.withLock { $0.append(Sale(left: sale.ticketsLeft, sold: sale.sold, seller: sale.seller)) }
            }.sellAll()
        }
        #expect(legacyLeft == -1)
        Self.expectSoldOutInOrder(legacySales.withLock { $0 }, sellers: ["Thread-1", "Thread-2"])

        let modernSales = Locked<[Sale]>([])
        let modernLeft = await Modern.TicketOffice.sellAll(work: .zero) { sale in
            modernSales.withLock { $0.append(Sale(left: sale.ticketsLeft, sold: sale.sold, seller: sale.seller)) }
        }
        #expect(modernLeft == -1)
        Self.expectSoldOutInOrder(modernSales.withLock { $0 }, sellers: ["Seller-1", "Seller-2"])
    }

    /// A cancelled sale stops: each seller finishes the sale it made and sells no more, where a
    /// swallowed `CancellationError` from the "work" would let both sell every ticket at once.
    @Test func cancelledSellersStopSelling() async {
        let sales = Locked(0)
        let office = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Modern.TicketOffice.sellAll(work: .seconds(3600)) { _ in sales.withLock { $0 += 1 } }
        }
        let left = await office.value
        #expect(sales.withLock { $0 } <= 2)
        #expect(left >= 98)
    }

    @Test func theActorSellsNothingOnceSoldOut() async {
        let office = Modern.TicketOffice()
        var sold = 0
        while await office.sellOne(by: "Seller-1") != nil { sold += 1 }
        #expect(sold == 101)
        #expect(await office.sellOne(by: "Seller-2") == nil)
        #expect(await office.ticketsLeft == -1)
    }

    /// The classic `break` inside the lock, in a child process: one seller breaks out holding the
    /// lock, and the other waits in `lock()` forever. The modern sellers both finish.
    @Test func theClassicBreakHangsWhereTheActorFinishes() async {
        let scenario = "the classic break inside the lock"
        let (legacy, legacyLines) = await ChildProcess.run(
            arguments: ["--demo", "ticket-sale-lock", scenario, "legacy", "--pace", "test"],
            timeout: .milliseconds(1500))
        #expect(legacy == .hung)
        #expect(legacyLines.filter { $0.hasPrefix("Tickets left: ") }.count == 101)
        #expect(
            legacyLines.suffix(2) == [
                "sold out: breaking out, holding the lock", "one seller finished; the other waits in lock()",
            ])

        let (modern, modernLines) = await ChildProcess.run(
            arguments: ["--demo", "ticket-sale-lock", scenario, "modern", "--pace", "test"],
            timeout: .seconds(10))
        #expect(modern == .finished(status: 0))
        #expect(
            modernLines == [
                "sold out: breaking out, holding nothing", "sold out: breaking out, holding nothing",
                "both sellers finished: 101 tickets sold",
            ])
    }
}
