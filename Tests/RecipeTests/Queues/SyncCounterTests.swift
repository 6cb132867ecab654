import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct SyncCounterTests {
    static let expected = (1...1000).map { "Counter = \($0)" } + (1...1000).map { "Counter = \($0)" }

    @Test func legacyCountsToAThousandTwiceNeverInterleaved() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.SyncCounter.countTwice(log: recorder.logger) }
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernCountsToAThousandTwiceNeverInterleaved() async {
        let recorder = Recorder()
        await Modern.SyncCounter.countTwice(log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernCountFromTheMainActorIsAlsoInOrder() async {
        let recorder = Recorder()
        await runOnMainActor(log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @MainActor
    private func runOnMainActor(log: @escaping @Sendable (String) -> Void) async {
        await Modern.SyncCounter.countTwice(log: log)
    }

    /// The declared difference: GCD runs a `sync` block on the calling thread when it can.
    @Test func legacySyncBlockRunsOnTheCallingThread() async {
        #expect(await onOwnThread { Legacy.SyncCounter.syncRunsOnCallingThread() })
    }
}
