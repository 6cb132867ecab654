import Foundation
import Legacy
import Modern
import Testing

@Suite struct EventCounterTests {
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
}
