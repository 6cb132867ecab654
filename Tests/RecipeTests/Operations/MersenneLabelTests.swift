import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct MersenneLabelTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// 2^61 − 1: the largest Mersenne prime below 2^64 (2^63 − 1 = 7² · 73 · …).
    static let largest: UInt64 = (1 << 61) - 1

    @Test func bothComputationsFind2ToThe61Minus1() async throws {
        #expect(Legacy.Mersenne.largest() == Self.largest)
        #expect(try await Modern.Mersenne.largest() == Self.largest)
        #expect(Self.largest == 2_305_843_009_213_693_951)
    }

    @Test(arguments: Side.allCases)
    func bothShowTheLargestMersennePrimeInUInt64(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.MersenneLabel.run(
                    releasingFirst: false,
                    show: { line in
                        MainActor.assertIsolated()
                        recorder.log("shown \(line)")
                    },
                    log: recorder.logger
                ) { done.resume() }
            }
        case .modern:
            await Modern.MersenneLabel.run(
                releasingFirst: false, show: { @MainActor in recorder.log("shown \($0)") }, log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "shown 2305843009213693951", "text: 2305843009213693951", "label deallocated: false",
            ])
    }

    @Test(arguments: Side.allCases)
    func releasedFirstNothingIsShownAndTheOwnerIsDeallocated(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            let released = await withCheckedContinuation { done in
                DispatchQueue.main.async {
                    var label: Legacy.MersenneLabel? = Legacy.MersenneLabel { recorder.log("shown \($0)") }
                    weak let weakLabel = label
                    label?.showLargestMersennePrime {
                        recorder.log("done")
                        done.resume(returning: weakLabel == nil)
                    }
                    label = nil
                }
            }
            #expect(released)
        case .modern:
            let released = await Task { @MainActor in
                var label: Modern.MersenneLabel? = Modern.MersenneLabel { recorder.log("shown \($0)") }
                weak let weakLabel = label
                let task = label?.showLargestMersennePrime()
                label = nil
                let deallocatedAtOnce = weakLabel == nil
                await task?.value
                recorder.log("done")
                return deallocatedAtOnce && weakLabel == nil
            }.value
            #expect(released)
        }
        #expect(recorder.lines == ["done"])
    }

    /// The declared difference, legacy half: `[weak self]` lets the owner go, but the operation
    /// computes on, to a result nobody shows.
    @Test func legacyComputationRunsOnAfterTheOwnerIsGone() async {
        let recorder = Recorder()
        let gate = DispatchSemaphore(value: 0)
        let (ownerGone, finished) = await withCheckedContinuation { started in
            DispatchQueue.main.async {
                var label: Legacy.MersenneLabel? = Legacy.MersenneLabel(
                    compute: {
                        gate.wait()  // until the owner is gone
                        recorder.log("computed")
                        return 42
                    },
                    show: { recorder.log("shown \($0)") })
                weak let weakLabel = label
                let finished = AsyncStream.makeStream(of: Void.self)
                label?.showLargestMersennePrime { finished.continuation.finish() }
                label = nil
                started.resume(returning: (weakLabel == nil, finished.stream))
            }
        }
        #expect(ownerGone)
        gate.signal()
        for await _ in finished {}
        #expect(recorder.lines == ["computed"])
    }

    /// The declared difference, modern half: releasing the model runs its `deinit`, which
    /// cancels the task, and the computation sees the cancellation.
    @Test @MainActor func modernDeinitCancelsTheComputation() async {
        let recorder = Recorder()
        let gate = AsyncStream.makeStream(of: Void.self)
        var label: Modern.MersenneLabel? = Modern.MersenneLabel(
            compute: {
                for await _ in gate.stream { break }
                recorder.log("cancelled: \(Task.isCancelled)")
                try Task.checkCancellation()
                return 42
            },
            show: { recorder.log("shown \($0)") })
        weak let weakLabel = label
        let task = label?.showLargestMersennePrime()
        label = nil
        #expect(weakLabel == nil)
        gate.continuation.yield()
        await task?.value
        #expect(recorder.lines == ["cancelled: true"])
    }

    @Test @MainActor func modernStopCancelsTheComputation() async {
        let recorder = Recorder()
        let gate = AsyncStream.makeStream(of: Void.self)
        let label = Modern.MersenneLabel(
            compute: {
                for await _ in gate.stream { break }
                recorder.log("cancelled: \(Task.isCancelled)")
                try Task.checkCancellation()
                return 42
            },
            show: { recorder.log("shown \($0)") })
        let task = label.showLargestMersennePrime()
        label.stop()
        gate.continuation.yield()
        await task.value
        #expect(recorder.lines == ["cancelled: true"])
        #expect(label.text.isEmpty)
    }

    /// A computation that ignores the cancel (an injected one that never checks) still returns its
    /// result; `stop()` came first, so nothing is shown. Before the check after the `await`, the
    /// stopped model put the result on screen.
    @Test @MainActor func modernStopBeforeAComputationThatIgnoresItReturnsShowsNothing() async {
        let recorder = Recorder()
        let release = Latch()
        let started = AsyncStream.makeStream(of: Void.self)
        let label = Modern.MersenneLabel(
            compute: {
                started.continuation.yield()
                await release.wait()  // ignores the task's cancellation
                return 42
            },
            show: { recorder.log("shown \($0)") })
        let task = label.showLargestMersennePrime()
        for await _ in started.stream { break }
        label.stop()
        release.open()
        await task.value
        #expect(recorder.lines.isEmpty)
        #expect(label.text.isEmpty)
    }

    @Test func modernComputationStopsWhenCancelled() async {
        let outcome = await withTaskGroup(of: Result<UInt64, any Error>.self) { group in
            group.cancelAll()
            group.addTask {
                do { return .success(try await Modern.Mersenne.largest()) } catch {
                    return .failure(error)
                }
            }
            return await group.next()!
        }
        #expect(throws: CancellationError.self) { try outcome.get() }
    }

    /// An injected computation runs off the main actor (`compute` is `@concurrent`), though the
    /// task that awaits it runs there: a plain async closure stored by the `@MainActor` model and
    /// called from that task would run on the main actor, and block the UI while it computes.
    @Test @MainActor func modernInjectedComputationRunsOffTheMainActor() async {
        let label = Modern.MersenneLabel(
            compute: { #isolation == nil ? 1 : 0 }, show: { _ in })
        await label.showLargestMersennePrime().value
        #expect(label.text == "1")
    }
}
