import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct MailboxTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func everyRoundArrivesWholeAndInOrder(_ side: Side) async {
        switch side {
        case .legacy:
            let report = await onOwnThread { Legacy.Mailbox.handOff(rounds: 1_000) }
            #expect([report.received, report.torn, report.outOfOrder] == [1_000, 0, 0])
        case .modern:
            let report = await Modern.Mailbox.handOff(rounds: 1_000)
            #expect([report.received, report.torn, report.outOfOrder] == [1_000, 0, 0])
        }
    }

    /// The mailbox holds one payload: a second put before a take is refused, and a take on an
    /// empty mailbox finds nothing.
    @Test(arguments: Side.allCases)
    func theMailboxHoldsOnePayloadAtATime(_ side: Side) {
        switch side {
        case .legacy:
            let mailbox = Legacy.Mailbox()
            #expect(mailbox.tryTake() == nil)
            #expect(mailbox.tryPut(1))
            #expect(!mailbox.tryPut(2))
            #expect(mailbox.tryTake() == [1, 1, 1, 1])
            #expect(mailbox.tryTake() == nil)
        case .modern:
            let mailbox = Modern.Mailbox()
            #expect(mailbox.tryTake() == nil)
            #expect(mailbox.tryPut(1))
            #expect(!mailbox.tryPut(2))
            #expect(mailbox.tryTake() == [1, 1, 1, 1])
            #expect(mailbox.tryTake() == nil)
        }
    }
}
