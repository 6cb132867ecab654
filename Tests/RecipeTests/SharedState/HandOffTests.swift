import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct HandOffTests {
    static func alternation(_ rounds: Int) -> [String] {
        (0..<rounds).flatMap { ["P\($0)", "C\($0)"] }
    }

    @Test(arguments: [1, 5, 50])
    func bothSidesAlternateStrictly(rounds: Int) async {
        let legacy = Recorder()
        let log = legacy.logger
        await onOwnThread { Legacy.HandOff.run(rounds: rounds, log: log) }
        #expect(legacy.lines == Self.alternation(rounds))

        let modern = Recorder()
        await Modern.HandOff.run(rounds: rounds, log: modern.logger)
        #expect(modern.lines == Self.alternation(rounds))
    }

    @Test func fiveRoundsPrintTheExpectedLine() async {
        let modern = Recorder()
        await Modern.HandOff.run(rounds: 5, log: modern.logger)
        #expect(modern.lines.joined(separator: " ") == "P0 C0 P1 C1 P2 C2 P3 C3 P4 C4")
    }

    /// The producer waits for each acknowledgement before it produces again; when none can come
    /// (no consumer, or the producer's task is cancelled, so `next()` returns `nil`), it stops
    /// after the item it could not hand over instead of producing the rest into the void.
    @Test func producerStopsWhenNoAcknowledgementCanCome() async {
        let gone = Recorder()
        let (_, items) = AsyncStream.makeStream(of: Int.self)
        let (noConsumer, acknowledgements) = AsyncStream.makeStream(of: Void.self)
        acknowledgements.finish()  // the consumer is gone
        await Modern.HandOff.produce(rounds: 5, into: items, takenFrom: noConsumer, log: gone.logger)
        #expect(gone.lines == ["P0"])

        let cancelled = Recorder()
        let (_, moreItems) = AsyncStream.makeStream(of: Int.self)
        let (open, keptOpen) = AsyncStream.makeStream(of: Void.self)
        let producer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await Modern.HandOff.produce(rounds: 5, into: moreItems, takenFrom: open, log: cancelled.logger)
        }
        await producer.value
        keptOpen.finish()
        #expect(cancelled.lines == ["P0"])
    }
}

