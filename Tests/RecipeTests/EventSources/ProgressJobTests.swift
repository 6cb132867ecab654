import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ProgressJobTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    enum CancelPoint: String, CaseIterable, Sendable {
        case beforeItStarts, whileAChunkRuns, afterTheLastValue
    }

    static let fractions = [0.2, 0.4, 0.6, 0.8, 1.0]

    @Test(arguments: Side.allCases)
    func fiveChunksPublishFiveFractionsThenDoneOnce(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.ProgressJob.showFiveChunks(
                    chunkTime: .milliseconds(1), on: DispatchQueue(label: "ui"), log: recorder.logger
                ) { done.resume() }
            }
        case .modern:
            await Modern.ProgressJob.showFiveChunks(chunkTime: .milliseconds(1), log: recorder.logger)
        }
        #expect(recorder.lines == Self.fractions.map { "progress \($0)" } + ["done"])
    }

    /// The UI is stuck on the first value until the job has produced the last one; nothing is lost.
    @Test(arguments: Side.allCases)
    func aSlowConsumerGetsEveryValueInOrder(_ side: Side) async {
        switch side {
        case .legacy:
            let lastChunk = DispatchSemaphore(value: 0)
            let shown = Locked<[Double]>([])
            await withCheckedContinuation { done in
                Legacy.ProgressJob.start(
                    chunks: 5,
                    work: { chunk in if chunk == 5 { lastChunk.signal() } },
                    handlerQueue: DispatchQueue(label: "slow-ui"),
                    progressHandler: { fraction in
                        if fraction == 0.2 { lastChunk.wait() }  // a slow UI
                        shown.withLock { $0.append(fraction) }
                    },
                    completion: { done.resume() }
                )
            }
            #expect(shown.withLock { $0 } == Self.fractions)
        case .modern:
            let (progress, job) = Modern.ProgressJob.start(chunks: 5) { _ in }
            var shown: [Double] = []
            for await fraction in progress {
                if fraction == 0.2 { await job.value }  // a slow UI: the job ends meanwhile
                shown.append(fraction)
            }
            #expect(shown == Self.fractions)
        }
    }

    @Test func withBufferingNewestASlowConsumerSkipsToTheLatest() async {
        // Chunk 2 starts only once the UI holds 0.2; otherwise the job could finish before the
        // first `next()`, and the UI would see only 1.0.
        let (firstShown, uiHasFirst) = AsyncStream.makeStream(of: Void.self)
        let (progress, job) = Modern.ProgressJob.start(chunks: 5, bufferingPolicy: .bufferingNewest(1)) { chunk in
            if chunk == 2 { for await _ in firstShown { break } }
        }
        var shown: [Double] = []
        for await fraction in progress {
            if fraction == 0.2 {
                uiHasFirst.yield()
                await job.value
            }
            shown.append(fraction)
        }
        // 0.4, 0.6 and 0.8 were replaced while the UI was busy; the last value still arrives.
        #expect(shown == [0.2, 1.0])
    }

    @Test(arguments: Side.allCases)
    func manyJobsAtOnceEachReportInOrder(_ side: Side) async {
        let jobs = 100
        let shown = Locked<[Int: [Double]]>([:])
        switch side {
        case .legacy:
            let ui = DispatchQueue(label: "ui")
            let group = DispatchGroup()
            for job in 0..<jobs {
                group.enter()
                Legacy.ProgressJob.start(
                    chunks: 5, work: { _ in }, handlerQueue: ui,
                    progressHandler: { fraction in shown.withLock { $0[job, default: []].append(fraction) } },
                    completion: { group.leave() })
            }
            await withCheckedContinuation { done in group.notify(queue: ui) { done.resume() } }
        case .modern:
            await withTaskGroup(of: Void.self) { group in
                for job in 0..<jobs {
                    let (progress, _) = Modern.ProgressJob.start(chunks: 5) { _ in }
                    group.addTask {
                        for await fraction in progress { shown.withLock { $0[job, default: []].append(fraction) } }
                    }
                }
            }
        }
        let all = shown.withLock { $0 }
        #expect(all.count == jobs)
        #expect(all.values.allSatisfy { $0 == Self.fractions })
    }

    @Test func legacyCancelStopsBeforeTheNextChunk() async {
        let worked = Locked<[Int]>([])
        let shown = Locked<[String]>([])
        let progress = Locked<Progress?>(nil)
        let started = DispatchSemaphore(value: 0)
        await withCheckedContinuation { done in
            let job = Legacy.ProgressJob.start(
                chunks: 5,
                work: { chunk in
                    if chunk == 1 { started.wait() }  // until `progress` is stored
                    worked.withLock { $0.append(chunk) }
                    if chunk == 3 { progress.withLock { $0?.cancel() } }
                },
                handlerQueue: DispatchQueue(label: "ui"),
                progressHandler: { fraction in shown.withLock { $0.append("\(fraction)") } },
                completion: {
                    shown.withLock { $0.append("done") }
                    done.resume()
                })
            progress.withLock { $0 = job }
            started.signal()
        }
        #expect(worked.withLock { $0 } == [1, 2, 3])
        #expect(shown.withLock { $0 } == ["0.2", "0.4", "0.6", "done"])
    }

    @Test func modernLeavingTheLoopCancelsTheJob() async {
        let worked = Locked<[Int]>([])
        // Only the consuming task holds the stream, as in a view model that starts the job and
        // hands the stream to its task.
        let (consumer, job) = { () -> (Task<[Double], Never>, Task<Void, Never>) in
            let (progress, job) = Modern.ProgressJob.start(chunks: 5) { chunk in
                worked.withLock { $0.append(chunk) }
                if chunk == 3 { try await Task.sleep(for: .seconds(60)) }  // a chunk that takes a minute
            }
            let consumer = Task {
                var shown: [Double] = []
                for await fraction in progress {
                    shown.append(fraction)
                    if fraction == 0.4 { break }  // the screen goes away
                }
                return shown
            }
            return (consumer, job)
        }()
        #expect(await consumer.value == [0.2, 0.4])
        await job.value  // ends long before the minute: onTermination cancelled it
        #expect(worked.withLock { $0 }.allSatisfy { $0 <= 3 })
    }

    @Test func leavingTheLoopWhileTheStreamIsStillHeldDoesNotCancelTheJob() async {
        let worked = Locked<[Int]>([])
        let (progress, job) = Modern.ProgressJob.start(chunks: 5) { chunk in
            worked.withLock { $0.append(chunk) }
        }
        for await fraction in progress where fraction == 0.4 { break }
        await job.value  // `progress` still holds the stream: nothing terminated it
        #expect(worked.withLock { $0 } == [1, 2, 3, 4, 5])
        withExtendedLifetime(progress) {}
    }

    /// The job ends, and the stream finishes, wherever the consumer's cancellation lands.
    @Test(arguments: CancelPoint.allCases)
    func cancellingTheConsumerAtAnyPointEndsTheJob(_ point: CancelPoint) async {
        let worked = Locked<[Int]>([])
        let (firstValue, gotFirst) = AsyncStream.makeStream(of: Void.self)
        let (progress, job) = Modern.ProgressJob.start(chunks: 5) { chunk in
            worked.withLock { $0.append(chunk) }
            if point == .whileAChunkRuns, chunk == 2 { try await Task.sleep(for: .seconds(60)) }
        }
        let consumer = Task {
            var shown: [Double] = []
            for await fraction in progress {
                shown.append(fraction)
                gotFirst.yield()
            }
            return shown
        }
        switch point {
        case .beforeItStarts:
            consumer.cancel()
        case .whileAChunkRuns:
            for await _ in firstValue { break }  // chunk 2 is running now, or about to
            consumer.cancel()
        case .afterTheLastValue:
            await job.value
            consumer.cancel()
        }
        let shown = await consumer.value
        await job.value  // no leaked job: it ended
        #expect(shown == Array(Self.fractions.prefix(shown.count)))
        if point == .afterTheLastValue {
            #expect(worked.withLock { $0 } == [1, 2, 3, 4, 5])
        }
        if point == .whileAChunkRuns {
            #expect(worked.withLock { $0 } == [1, 2])
        }
    }
}
