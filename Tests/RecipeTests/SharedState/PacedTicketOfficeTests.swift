import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct PacedTicketOfficeTests {
    /// The sales and ticks of a transcript, and whether the sales ever ran ahead of the ticks.
    static func tally(_ lines: [String]) -> (ticks: Int, tickets: [Int], aheadOfTicks: Bool) {
        var ticks = 0
        var tickets: [Int] = []
        var ahead = false
        for line in lines {
            if line.hasPrefix("tick ") { ticks += 1 }
            if line.hasPrefix("Tickets left: ") {
                let number = line.dropFirst("Tickets left: ".count).prefix { $0 != "," }
                tickets.append(Int(number) ?? -99)
            }
            if tickets.count > ticks { ahead = true }
        }
        return (ticks, tickets, ahead)
    }

    static func runLegacy(ticks: Int) async -> [String] {
        let recorder = Recorder()
        let log = recorder.logger
        await onOwnThread {
            Legacy.PacedTicketOffice.sell(ticks: ticks, interval: .zero, work: .zero, log: log)
        }
        return recorder.lines
    }

    static func runModern(ticks: Int) async -> [String] {
        let recorder = Recorder()
        await Modern.PacedTicketOffice.sell(ticks: ticks, interval: .zero, work: .zero, log: recorder.logger)
        return recorder.lines
    }

    @Test func salesNeverRunAheadOfTicks() async {
        for lines in [await Self.runLegacy(ticks: 101), await Self.runModern(ticks: 101)] {
            let tally = Self.tally(lines)
            #expect(tally.ticks == 101)
            #expect(tally.tickets.sorted() == Array(0...100))
            #expect(!tally.aheadOfTicks)
        }
    }

    /// The pacer governs the sales: ten ticks sell ten tickets, and then both sellers stop.
    @Test func tenTicksSellTenTickets() async {
        for lines in [await Self.runLegacy(ticks: 10), await Self.runModern(ticks: 10)] {
            let tally = Self.tally(lines)
            #expect(tally.ticks == 10)
            #expect(tally.tickets.sorted() == Array(91...100))
            #expect(!tally.aheadOfTicks)
        }
    }

    /// Two `for await` loops over one `AsyncStream` share its elements: each goes to one of them.
    @Test func eachTickGoesToExactlyOneSeller() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        for tick in 0..<100 { continuation.yield(tick) }
        continuation.finish()
        let (first, second) = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var got: [Int] = []
                    for await tick in stream { got.append(tick) }
                    return got
                }
            }
            let first = await group.next() ?? []
            let second = await group.next() ?? []
            return (first, second)
        }
        #expect(Set(first).isDisjoint(with: second))
        #expect((first + second).sorted() == Array(0..<100))
    }

    /// A cancelled pacer stops at once: it does not hand out the rest of its ticks without their
    /// intervals, and it ends the stream so that the sellers stop too.
    @Test func aCancelledPacerTicksNoMore() async {
        let recorder = Recorder()
        let (ticker, tick) = AsyncStream.makeStream(of: Void.self)
        let pacer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await Modern.PacedTicketOffice.pace(ticks: 5, interval: .seconds(3600), into: tick, log: recorder.logger)
        }
        await pacer.value
        var ticks = 0
        for await _ in ticker { ticks += 1 }
        #expect(ticks == 0)
        #expect(recorder.lines.isEmpty)
    }

    /// The pacer is a child of the sale, so cancelling the sale stops it, and the sale returns at
    /// once instead of waiting for ticks that are an hour apart.
    @Test func cancellingTheSaleStopsItsPacer() async {
        let recorder = Recorder()
        let sale = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await Modern.PacedTicketOffice.sell(ticks: 3, interval: .seconds(3600), work: .zero, log: recorder.logger)
        }
        await sale.value
        #expect(recorder.lines.isEmpty)
    }
}

