import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct HandOffTests {
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
}
