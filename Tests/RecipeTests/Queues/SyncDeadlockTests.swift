import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// The legacy demonstrations trap or hang, so they run only in child processes (`compare --demo`).
@Suite(.serialized) struct SyncDeadlockTests {
    /// Runs `compare --demo sync-deadlock <scenario> <side>` and reports how it ended.
    ///
    /// Like `ChildProcess.run`, but everything that blocks (reading the child's output, waiting
    /// for it to exit) happens on a thread of its own, and the kill is a Dispatch timer. On Linux
    /// the cooperative pool is as wide as the core count, so a blocking read there, once per
    /// hanging child, can leave no thread to run the timeout that should kill the child.
    static func runChild(_ scenario: String, _ side: String, timeout: Duration = .seconds(10)) async -> (DemoResult, [String]) {
        let executable = ChildProcess.executable
        return await onOwnThread(name: "sync-deadlock-child") {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--demo", "sync-deadlock", scenario, side, "--pace", "test"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                return (DemoResult.finished(status: -1), ["could not start \(executable.path): \(error)"])
            }
            let killed = KilledFlag()
            let killer = DispatchWorkItem {
                killed.set()
                kill(process.processIdentifier, SIGKILL)
            }
            let nanoseconds = Int(timeout / .nanoseconds(1))
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: killer)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            killer.cancel()
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            if killed.isSet { return (DemoResult.hung, lines) }
            switch process.terminationReason {
            case .uncaughtSignal: return (DemoResult.trapped(signal: process.terminationStatus), lines)
            default: return (DemoResult.finished(status: process.terminationStatus), lines)
            }
        }
    }

    @Test(arguments: [
        ("main.sync from main", "on the main thread, about to sync onto the main queue"),
        ("sync onto the current queue", "on the serial queue, about to sync onto the current queue"),
    ])
    func legacySameQueueSyncTrapsAfterItsFirstLine(scenario: String, firstLine: String) async {
        let (result, lines) = await Self.runChild(scenario, "legacy")
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.trapsOrHangs.isMet(by: result))
        #endif
        #expect(lines == [firstLine])
    }

    @Test func modernCounterpartsFinish() async {
        let main = Recorder()
        await Modern.SyncDeadlock.mainActorRunFromMainActor(log: main.logger)
        #expect(main.lines == [
            "on the main actor, about to await MainActor.run",
            "inside MainActor.run: already on the main actor, so it just runs",
            "MainActor.run returned",
        ])

        let actor = Recorder()
        await Modern.SyncDeadlock.callOwnActor(log: actor.logger)
        #expect(actor.lines == [
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
        let (legacy, legacyLines) = await Self.runChild("two queues sync into each other", "legacy", timeout: timeout)
        #expect(legacy == .hung)
        #expect(legacyLines == [
            "queue A: running, about to sync onto queue B",
            "queue B: running, about to sync onto queue A",
        ])
        let (modern, modernLines) = await Self.runChild("two queues sync into each other", "modern", timeout: timeout)
        #expect(modern == .hung)
        #expect(modernLines == ["awaiting a callback that never comes"])
    }
}

/// Set once by the kill timer; read after the child has exited.
private final class KilledFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
