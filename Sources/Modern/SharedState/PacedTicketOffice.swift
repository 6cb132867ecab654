/// The pacing thread becomes a ticker `AsyncStream<Void>`, shared by the two
/// seller tasks: each tick goes to exactly one of them.
///
/// A stream buffers what it is given, so a tick that arrives while both
/// sellers are busy waits for the next one to ask, where the classic `signal()`
/// was lost, and a seller is woken only by a real tick. Finishing the stream
/// is the exit flag: both `for await` loops end. The ticket counter is an
/// actor, as in `ticket-sale-lock`; there is no lock order to get wrong.
public actor PacedTicketOffice {
    private var tickets = 100

    public init() {}

    /// Takes the next ticket, or `nil` once they have run out (the classic
    /// `>= 0`: 101 tickets).
    public func sellOne() -> (ticketsLeft: Int, sold: Int)? {
        guard tickets >= 0 else { return nil }
        defer { tickets -= 1 }
        return (tickets, 100 - tickets)
    }

    /// Thread-3: `ticks` ticks, `interval` apart, then the end of the stream.
    /// Cancelled, it stops at once: no tick comes without its interval.
    public static func pace(
        ticks: Int, interval: Duration,
        into ticker: AsyncStream<Void>.Continuation,
        log: @Sendable (String) -> Void
    ) async {
        defer { ticker.finish() }
        for tick in 1...ticks {
            do { try await Task.sleep(for: interval) } catch { return }
            log("tick \(tick)")
            ticker.yield()
        }
    }

    /// Two sellers share the ticker; each sells one ticket per tick it gets.
    /// The pacer is a child task too, so cancelling the sale stops it.
    public static func sell(
        ticks: Int, interval: Duration, work: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let office = PacedTicketOffice()
        let (ticker, tick) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask {
                await pace(
                    ticks: ticks, interval: interval, into: tick, log: log)
            }
            for _ in 1...2 {
                group.addTask {
                    for await _ in ticker {
                        guard let sale = await office.sellOne() else {
                            continue
                        }
                        try? await Task.sleep(for: work)
                        let (left, sold) = sale
                        log("Tickets left: \(left), sold: \(sold)")
                    }
                }
            }
        }
    }
}
