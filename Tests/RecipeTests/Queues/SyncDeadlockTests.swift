import Legacy
import Modern
import RecipeKit
import Testing

/// The legacy demonstrations trap or hang, so they run only in child processes (`compare --demo`).
@Suite(.serialized) struct SyncDeadlockTests {
    /// Runs `compare --demo sync-deadlock <scenario> <side>` and reports how it ended.
    static func runChild(
        _ scenario: String, _ side: String, timeout: Duration = .seconds(10)
    ) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "sync-deadlock", scenario, side, "--pace", "test"],
            timeout: timeout
        )
    }

    @Test(arguments: [
        ("main.sync from main", "on the main thread, about to sync onto the main queue"),
        ("sync onto the current queue", "on the serial queue, about to sync onto the current queue"),
    ])
    func legacySameQueueSyncTrapsAfterItsFirstLine(scenario: String, firstLine: String) async {
        let (result, lines) = await Self.runChild(scenario, "legacy")
        // libdispatch traps on every platform; the signal is SIGILL on Linux (x86-64).
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
        #expect(lines == [firstLine])
    }

    @Test func modernCounterpartsFinish() async {
        let main = Recorder()
        await Modern.SyncDeadlock.mainActorRunFromMainActor(log: main.logger)
        #expect(
            main.lines == [
                "on the main actor, about to await MainActor.run",
                "inside MainActor.run: already on the main actor, so it just runs",
                "MainActor.run returned",
            ])

        let actor = Recorder()
        await Modern.SyncDeadlock.callOwnActor(log: actor.logger)
        #expect(
            actor.lines == [
                "on the actor, about to call into the same actor",
                "inside the inner call: a call to your own actor runs at once",
                "the actor call returned",
            ])
    }

    @Test func modernCounterpartsFinishInAChildProcessToo() async {
        for scenario in ["main.sync from main", "sync onto the current queue"] {
            let (result, lines) = await Self.runChild(scenario, "modern")
            #expect(result == .finished(status: 0))
            #expect(lines.count == 3)
        }
    }

    @Test func crossSyncAndLostContinuationHang() async {
        let timeout = Duration.milliseconds(1500)
        // Both children at once: each hang takes the whole timeout.
        async let legacyRun = Self.runChild("two queues sync into each other", "legacy", timeout: timeout)
        async let modernRun = Self.runChild("two queues sync into each other", "modern", timeout: timeout)
        let (legacy, legacyLines) = await legacyRun
        #expect(legacy == .hung)
        #expect(
            legacyLines == [
                "queue A: running, about to sync onto queue B",
                "queue B: running, about to sync onto queue A",
            ])
        let (modern, modernLines) = await modernRun
        #expect(modern == .hung)
        #expect(modernLines == ["awaiting a callback that never comes"])
    }
}
