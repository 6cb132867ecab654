import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct EventCounterTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func exercise(_ side: Side, callers: Int, times: Int) async -> (count: Int, report: String) {
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.EventCounter.exercise(callers: callers, times: times) { counter, report in
                    done.resume(returning: (counter.value, report))
                }
            }
        case .modern:
            await Modern.EventCounter.exercise(callers: callers, times: times)
        }
    }

    @Test(arguments: Side.allCases)
    func fourCallersTimesAThousandIncrementsCountFourThousand(_ side: Side) async {
        let (count, report) = await Self.exercise(side, callers: 4, times: 1_000)
        #expect(count == 4_000)
        #expect(report == "EventCounter: 4000 events")
    }

    @Test func legacyQueueLabelsNameTheClassAndTheAddress() {
        let counter = Legacy.EventCounter()
        let address = "\(Unmanaged.passUnretained(counter).toOpaque())"
        #expect(counter.isolationQueue.label == "EventCounter.isolation.\(address)")
        #expect(counter.workQueue.label == "EventCounter.work.\(address)")
        let other = Legacy.EventCounter()
        #expect(other.isolationQueue.label != counter.isolationQueue.label)
    }

    /// Each object has its own queues: two counters count independently.
    @Test(arguments: Side.allCases)
    func twoObjectsKeepSeparateCounts(_ side: Side) async {
        switch side {
        case .legacy:
            let first = Legacy.EventCounter()
            let second = Legacy.EventCounter()
            for _ in 0..<3 { first.increment() }
            second.increment()
            #expect(first.value == 3 && second.value == 1)
        case .modern:
            let first = Modern.EventCounter()
            let second = Modern.EventCounter()
            for _ in 0..<3 { await first.increment() }
            await second.increment()
            #expect(await first.value == 3)
            #expect(await second.value == 1)
        }
    }

    /// The legacy report runs on the work queue, never on the isolation queue.
    @Test func legacyReportRunsOnTheWorkQueue() async {
        let counter = Legacy.EventCounter()
        let workQueue = counter.workQueue!
        let isolationQueue = counter.isolationQueue!
        counter.increment()
        let report = await withCheckedContinuation { done in
            counter.report { report in
                dispatchPrecondition(condition: .onQueue(workQueue))
                dispatchPrecondition(condition: .notOnQueue(isolationQueue))
                done.resume(returning: report)
            }
        }
        #expect(report == "EventCounter: 1 events")
    }

    /// The half-migration tool: an actor whose executor is the object's existing serial queue.
    /// Legacy code keeps sending blocks to the queue, in its order, and enters the actor from them
    /// with `assumeIsolated`; new code awaits the actor's methods. 200 synchronous calls 0…199
    /// run in that order every time, while 200 awaited calls from a task run in between, never
    /// at the same time as a block.
    @Test func actorOnTheObjectsQueueKeepsLegacyCallersInOrder() async {
        for _ in 0..<20 {
            let counter = QueueBackedEventCounter(label: "EventCounter.isolation")
            let awaited = Task {
                for _ in 0..<200 { await counter.increment() }
            }
            Self.incrementFromSynchronousCode(counter, count: 200)
            await awaited.value
            let (count, legacyOrder) = await counter.snapshot()
            #expect(count == 400)
            #expect(legacyOrder == Array(0..<200))
            // Old code reads the state from a block on the queue, as it always did.
            let seenByABlock = await onOwnThread { counter.queue.sync { counter.assumeIsolated { $0.count } } }
            #expect(seenByABlock == 400)
        }
    }

    /// A plain synchronous function, as an unmigrated caller would be.
    nonisolated static func incrementFromSynchronousCode(_ counter: QueueBackedEventCounter, count: Int) {
        for index in 0..<count { counter.incrementFromQueue(index) }
    }
}

/// Runs an actor's jobs as blocks on a serial `DispatchQueue`, and tells the runtime that a block
/// sent to the queue directly is isolated too (`checkIsolated`, SE-0424). On Darwin (iOS 17) a
/// `DispatchSerialQueue` is such an executor itself; corelibs Dispatch has no
/// `DispatchSerialQueue`, so the test builds the same thing.
final class SerialQueueExecutor: SerialExecutor {
    let queue: DispatchQueue

    init(queue: DispatchQueue) { self.queue = queue }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}

/// The `EventCounter` actor, run on the isolation queue that unmigrated code still uses.
actor QueueBackedEventCounter {
    nonisolated let queue: DispatchQueue
    private let executor: SerialQueueExecutor
    private(set) var count = 0
    private var legacyOrder: [Int] = []

    init(label: String) {
        queue = DispatchQueue(label: label)
        executor = SerialQueueExecutor(queue: queue)
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func increment() { count += 1 }

    /// What unmigrated code does: a block on the queue, in the caller's order, that enters the
    /// actor synchronously.
    nonisolated func incrementFromQueue(_ index: Int) {
        queue.async {
            self.assumeIsolated { counter in
                counter.count += 1
                counter.legacyOrder.append(index)
            }
        }
    }

    func snapshot() -> (count: Int, legacyOrder: [Int]) {
        // Waits for the blocks sent before it: they are ahead of this job on the queue.
        (count, legacyOrder)
    }
}
