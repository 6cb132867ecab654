import Legacy
import Modern
import RecipeKit
import Testing

/// Signals are process-wide, so every signal in these tests is sent inside a child process
/// (`compare --demo dispatch-source-signal main <side>`): the test runner's own signal handling
/// never changes.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SignalWatcherTests {
    static let transcript =
        Array(repeating: ["sending SIGUSR2", "got SIGUSR2 (1 since the last one)"], count: 3).flatMap { $0 }
        + ["stopped handling SIGUSR2"]

    static func runChild(_ side: String) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "dispatch-source-signal", "main", side, "--pace", "test"],
            timeout: .seconds(10))
    }

    @Test(arguments: ["legacy", "modern"])
    func eachSideHandlesThreeSignalsInAChildProcess(side: String) async {
        let (result, lines) = await Self.runChild(side)
        #expect(result == .finished(status: 0))
        #expect(lines == Self.transcript)
    }

    @Test func modernCancellingTheConsumerCancelsTheSource() async {
        // The Modern driver cancels its consuming task and logs the last line only after the
        // source's cancel handler ran: a source left running would leave the child waiting.
        let (result, lines) = await Self.runChild("modern")
        #expect(result == .finished(status: 0))
        #expect(lines.last == "stopped handling SIGUSR2")
        #expect(lines.filter { $0.hasPrefix("got SIGUSR2") }.count == 3)
    }
}
