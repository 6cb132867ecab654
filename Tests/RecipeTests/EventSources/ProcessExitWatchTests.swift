import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// Every test starts a real child process (`/bin/true`, `/bin/false`, `/bin/sleep`).
@Suite(.timeLimit(.minutes(1)))
struct ProcessExitWatchTests {
    static let missing = URL(fileURLWithPath: "/no/such/executable")
    /// Set on the main queue, so a block can tell whether it runs there.
    static let mainKey = DispatchSpecificKey<Bool>()

    @Test(arguments: [("/bin/true", Int32(0)), ("/bin/false", Int32(1))])
    func legacyHandlerRunsOnceWithTheExitStatus(path: String, status: Int32) async throws {
        let calls = Locked<[Int32]>([])
        try await withCheckedThrowingContinuation { (exited: CheckedContinuation<Void, any Error>) in
            do {
                try Legacy.ProcessExitWatch.start(URL(fileURLWithPath: path)) { status in
                    calls.withLock { $0.append(status) }
                    exited.resume()
                }
            } catch {
                exited.resume(throwing: error)
            }
        }
        #expect(calls.withLock { $0 } == [status])
    }

    @Test(arguments: [("/bin/true", Int32(0)), ("/bin/false", Int32(1))])
    func modernAwaitReturnsTheExitStatus(path: String, status: Int32) async throws {
        #expect(try await Modern.ProcessExitWatch.run(URL(fileURLWithPath: path)) == status)
    }

    @Test func bothSidesNoticeTheExitOnlyAfterTheChildHasRun() async throws {
        let delay = Duration.milliseconds(20)
        let start = ContinuousClock.now
        _ = try await Modern.ProcessExitWatch.run(URL(fileURLWithPath: "/bin/sleep"), arguments: ["0.020"])
        #expect(ContinuousClock.now - start >= delay)

        let legacyStart = ContinuousClock.now
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.ProcessExitWatch.watchChild(
                URL(fileURLWithPath: "/bin/sleep"), arguments: ["0.020"], log: recorder.logger
            ) { done.resume() }
        }
        #expect(ContinuousClock.now - legacyStart >= delay)
        #expect(recorder.lines == ["starting sleep", "child quit.", "exit status 0"])
    }

    @Test func aChildThatCannotStartResumesTheContinuationOnceWithTheError() async {
        let legacyCalls = Locked(0)
        #expect(throws: (any Error).self) {
            try Legacy.ProcessExitWatch.start(Self.missing) { _ in legacyCalls.withLock { $0 += 1 } }
        }
        await #expect(throws: (any Error).self) {
            _ = try await Modern.ProcessExitWatch.run(Self.missing)
        }
        // The Modern call returned (a second resume would have trapped); Legacy never called back.
        #expect(legacyCalls.withLock { $0 } == 0)
    }

    @MainActor @Test func modernCallerContinuesOnItsOwnActor() async throws {
        let status = try await Modern.ProcessExitWatch.run(URL(fileURLWithPath: "/bin/true"))
        MainActor.assertIsolated()  // back on the main actor, not on the thread that reaped the child
        #expect(status == 0)

        // The Legacy handler runs on Foundation's own thread: not on the main queue.
        DispatchQueue.main.setSpecific(key: Self.mainKey, value: true)
        let onMainQueue = await withCheckedContinuation { answer in
            do {
                try Legacy.ProcessExitWatch.start(URL(fileURLWithPath: "/bin/true")) { _ in
                    answer.resume(returning: DispatchQueue.getSpecific(key: Self.mainKey) != nil)
                }
            } catch {
                answer.resume(returning: true)
            }
        }
        #expect(!onMainQueue)
    }
}
