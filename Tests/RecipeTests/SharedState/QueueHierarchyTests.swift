import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// A one-shot gate for waiting tasks.
private final class Gate: Sendable {
    private let pair = AsyncStream.makeStream(of: Void.self)
    func open() { pair.continuation.finish() }
    func wait() async { for await _ in pair.stream {} }
}

/// A counter any thread or task can bump.
private final class Count: Sendable {
    private let value = Atomic(0)
    func add() { value.add(1, ordering: .sequentiallyConsistent) }
    var current: Int { value.load(ordering: .sequentiallyConsistent) }
}

@Suite(.timeLimit(.minutes(1))) struct QueueHierarchyTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func hundredsOfJobsNeverOverlapAndKeepEachQueuesOrder(_ side: Side) async {
        let result =
            switch side {
            case .legacy: await onOwnThread { Legacy.QueueHierarchy.runJobs(jobsPerQueue: 300, log: { _ in }) }
            case .modern: await Modern.QueueHierarchy.runJobs(jobsPerQueue: 300, log: { _ in })
            }
        #expect(result.maxInFlight == 1)
        #expect(result.ran.count == 900)
        #expect(Legacy.QueueHierarchy.eachSourceInOrder(result.ran, jobs: 300))
    }

    /// Each sub-queue's job touches the root's state directly: the legacy `dispatchPrecondition` and the
    /// modern `assumeIsolated` would trap if the job were not running on the root.
    @Test(arguments: Side.allCases)
    func subQueueJobsRunOnTheRoot(_ side: Side) async {
        switch side {
        case .legacy:
            let ran = await onOwnThread {
                let hierarchy = Legacy.QueueHierarchy()
                hierarchy.requestQueue.sync { hierarchy.noteRan("request") }
                hierarchy.serializationQueue.sync { hierarchy.noteRan("parse") }
                hierarchy.delegateQueue.addOperations(
                    [BlockOperation { hierarchy.noteRan("delegate") }], waitUntilFinished: true)
                return hierarchy.ranJobs
            }
            #expect(ran == ["request", "parse", "delegate"])
        case .modern:
            let hierarchy = Modern.QueueHierarchy()
            await hierarchy.requests.run(0) { _ in }
            await hierarchy.parsing.run(0) { _ in }
            await hierarchy.delegate.run(0) { _ in }
            #expect(await hierarchy.root.ranJobs == ["request 0", "parse 0", "delegate 0"])
        }
    }

    @Test(arguments: Side.allCases)
    func legacySubmitterReturnsAtOnceModernCallerWaitsForItsJob(_ side: Side) async {
        let count = Count()
        switch side {
        case .legacy:
            let (beforeRelease, after) = await onOwnThread {
                let hierarchy = Legacy.QueueHierarchy()
                let rootBusy = DispatchSemaphore(value: 0)
                hierarchy.rootQueue.async { rootBusy.wait() }  // holds the root
                for _ in 0..<100 { hierarchy.requestQueue.async { count.add() } }
                let beforeRelease = count.current  // every submission has returned
                rootBusy.signal()
                hierarchy.requestQueue.sync {}
                return (beforeRelease, count.current)
            }
            #expect(beforeRelease == 0)
            #expect(after == 100)
        case .modern:
            let hierarchy = Modern.QueueHierarchy()
            for index in 0..<100 {
                await hierarchy.requests.run(index) { _ in count.add() }
                #expect(count.current == index + 1)  // the call returned after its job ran
            }
        }
    }

    @Test func modernCancelledSourceStopsOthersFinish() async throws {
        let hierarchy = Modern.QueueHierarchy()
        let (reached, resume, start) = (Gate(), Gate(), Gate())
        // Cancelled while waiting between its jobs: ran 0…10, then stops.
        let requests = Task {
            for index in 0..<1_000 {
                try Task.checkCancellation()
                await hierarchy.requests.run(index) { _ in }
                if index == 10 {
                    reached.open()
                    await resume.wait()
                }
            }
        }
        // Cancelled before its first call: runs nothing.
        let parsing = Task {
            await start.wait()
            for index in 0..<300 {
                try Task.checkCancellation()
                await hierarchy.parsing.run(index) { _ in }
            }
        }
        let delegate = Task {
            for index in 0..<300 { await hierarchy.delegate.run(index) { _ in } }
        }
        await reached.wait()
        requests.cancel()
        resume.open()
        parsing.cancel()
        start.open()
        await #expect(throws: CancellationError.self) { try await requests.value }
        await #expect(throws: CancellationError.self) { try await parsing.value }
        await delegate.value
        let ran = await hierarchy.root.ranJobs
        #expect(ran.filter { $0.hasPrefix("request ") } == (0...10).map { "request \($0)" })
        #expect(!ran.contains { $0.hasPrefix("parse ") })
        #expect(ran.filter { $0.hasPrefix("delegate ") } == (0..<300).map { "delegate \($0)" })
        // Still usable: a new job on the cancelled source's queue runs.
        await hierarchy.requests.run(11) { _ in }
        #expect(await hierarchy.root.ranJobs.last == "request 11")
    }
}
