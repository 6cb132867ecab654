import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct CancelWorkItemsTests {
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

    /// Cancelling the task that called `downloadPhotos` (the screen went away) cancels the nine
    /// tasks it made. The downloads are held until the caller has been cancelled, then report
    /// whether their own task saw it: every one that ran did, and no photo was added.
    @Test(.timeLimit(.minutes(1)))
    func modernCancellingTheCallerCancelsEveryTask() async {
        let started = AsyncStream.makeStream(of: Void.self)
        let release = Latch()
        let sawCancel = Recorder()
        let caller = Task { @MainActor in
            await Modern.CancelWorkItems.downloadPhotos(
                addresses: Self.addresses, cancelling: Self.cancelled,
                download: { address in
                    started.continuation.yield()
                    await release.wait()  // ignores cancellation: the task's flag decides
                    sawCancel.log("\(address): \(Task.isCancelled)")
                    return Task.isCancelled ? nil : Data(address.utf8)
                },
                log: { _ in })
        }
        var running = 0
        for await _ in started.stream {
            running += 1
            if running == 6 { break }  // the three cancelled ones never download
        }
        caller.cancel()
        release.open()
        #expect(await caller.value == 0)
        #expect(sawCancel.lines.count == 6)
        #expect(sawCancel.lines.allSatisfy { $0.hasSuffix(": true") })
    }

    /// A download that ignores cancellation still returns its data after the caller went away;
    /// the check after it, in each task, adds nothing for a cancelled caller.
    @Test(.timeLimit(.minutes(1)))
    func modernAddsNothingOnceTheCallerIsCancelledEvenIfTheDownloadIgnoresIt() async {
        let started = AsyncStream.makeStream(of: Void.self)
        let release = Latch()
        let added = Recorder()
        let caller = Task { @MainActor in
            await Modern.CancelWorkItems.downloadPhotos(
                addresses: Self.addresses, cancelling: Self.cancelled,
                download: { address in
                    started.continuation.yield()
                    await release.wait()  // ignores cancellation, and returns the data anyway
                    return Data(address.utf8)
                },
                log: added.logger)
        }
        var running = 0
        for await _ in started.stream {
            running += 1
            if running == 6 { break }  // the three cancelled ones never download
        }
        caller.cancel()
        release.open()
        #expect(await caller.value == 0)
        #expect(added.lines.isEmpty)
    }

    /// The tasks are made on the main actor; the `@concurrent` download runs off it. A plain
    /// `async` closure type would run the download on the main actor here, under
    /// `NonisolatedNonsendingByDefault` (which the Modern target enables).
    @Test(.timeLimit(.minutes(1)))
    func modernDownloadRunsOffTheMainActor() async {
        let onMain = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: onMain, value: true)
        defer { DispatchQueue.main.setSpecific(key: onMain, value: nil) }
        let whereItRan = Recorder()
        let added = await Modern.CancelWorkItems.downloadPhotos(
            addresses: Self.addresses, cancelling: Self.cancelled,
            download: { address in
                whereItRan.log(DispatchQueue.getSpecific(key: onMain) == true ? "main" : "elsewhere")
                return Data(address.utf8)
            },
            log: { _ in })
        #expect(added == 6)
        #expect(whereItRan.lines == Array(repeating: "elsewhere", count: 6))
    }
}
