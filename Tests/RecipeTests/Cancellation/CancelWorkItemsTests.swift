import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct CancelWorkItemsTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let addresses = ["a", "b", "c"]
    static let cancelled: Set<Int> = [4, 6, 8]

    /// Downloads that answer on a global queue and count how many are in flight.
    final class Downloads: Sendable {
        let requested = Recorder()
        let inFlight = Locked(0)

        var legacy: Legacy.CancelWorkItems.Download {
            { [self] address, completion in
                requested.log(address)
                inFlight.withLock { $0 += 1 }
                DispatchQueue.global().async { [self] in
                    inFlight.withLock { $0 -= 1 }
                    completion(Data(address.utf8))
                }
            }
        }

        var modern: Modern.CancelWorkItems.Download {
            { [self] address in
                requested.log(address)
                inFlight.withLock { $0 += 1 }
                defer { inFlight.withLock { $0 -= 1 } }
                await Task.yield()
                return Data(address.utf8)
            }
        }
    }

    /// Runs the nine downloads; returns the count and the downloads still in flight at completion.
    static func run(_ side: Side, downloads: Downloads, log: @escaping @Sendable (String) -> Void) async -> (added: Int, inFlight: Int) {
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.CancelWorkItems.downloadPhotos(
                    addresses: addresses, cancelling: cancelled, download: downloads.legacy, log: log
                ) { added in
                    done.resume(returning: (added, downloads.inFlight.withLock { $0 }))
                }
            }
        case .modern:
            await (
                Modern.CancelWorkItems.downloadPhotos(
                    addresses: addresses, cancelling: cancelled, download: downloads.modern, log: log),
                downloads.inFlight.withLock { $0 }
            )
        }
    }

    @Test(arguments: Side.allCases)
    func cancelledItemsAddNothingAndTheCountIsSix(_ side: Side) async {
        let recorder = Recorder()
        let result = await Self.run(side, downloads: Downloads(), log: recorder.logger)
        #expect(result.added == 6)
        #expect(recorder.lines.sorted() == [0, 1, 2, 3, 5, 7].map { "photo \($0) added" })
    }

    @Test func legacyCancelledItemNeverRuns() async {
        let downloads = Downloads()
        _ = await Self.run(.legacy, downloads: downloads, log: { _ in })
        // Items 4, 6 and 8 (addresses b, a, c) never asked for anything: their blocks never ran.
        #expect(downloads.requested.lines.count == 6)
        #expect(downloads.requested.lines.sorted() == ["a", "a", "b", "b", "c", "c"])
    }

    @Test @MainActor func modernCancelledTaskStillRunsItsBody() async {
        // Made on the main actor and cancelled before it could start: it starts anyway.
        let ran = Locked(false)
        let task = Task {
            ran.withLock { $0 = true }
            return Task.isCancelled
        }
        task.cancel()
        #expect(ran.withLock { $0 } == false)
        #expect(await task.value == true)
        #expect(ran.withLock { $0 })
        // In the recipe the body's first check stops it before the download.
        let downloads = Downloads()
        _ = await Self.run(.modern, downloads: downloads, log: { _ in })
        #expect(downloads.requested.lines.sorted() == ["a", "a", "b", "b", "c", "c"])
    }

    @Test(arguments: Side.allCases, [true, false])
    func startedWorkRunsToItsEndUnlessItChecks(_ side: Side, checks: Bool) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.CancelWorkItems.cancelWhileRunning(5, pauseAfter: 2, checksCancel: checks, log: recorder.logger)
            }
        case .modern:
            await Modern.CancelWorkItems.cancelWhileRunning(5, pauseAfter: 2, checksCancel: checks, log: recorder.logger)
        }
        #expect(recorder.lines == ["cancel", checks ? "work: 2 of 5 steps" : "work: 5 of 5 steps"])
    }

    @Test(arguments: Side.allCases)
    func noDownloadOutlivesTheCompletion(_ side: Side) async {
        for _ in 0..<10 {
            let result = await Self.run(side, downloads: Downloads(), log: { _ in })
            #expect(result.added == 6)
            #expect(result.inFlight == 0)
        }
    }
}
