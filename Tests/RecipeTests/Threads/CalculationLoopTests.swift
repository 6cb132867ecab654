import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

@Suite struct CalculationLoopTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Counts the calls of `doCalculation`.
    final class Calls: Sendable {
        private let count = Atomic(0)
        func calculate() { count.wrappingAdd(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Runs a loop of `times` calculations reporting every 10; with `stop`, the controller cancels
    /// the loop while it reports `stop` (a multiple of 10). Returns the loop's count and the calls.
    static func run(_ side: Side, times: Int = 1000, stoppingAt stop: Int? = nil) async -> (count: Int, calls: Int) {
        let calls = Calls()
        switch side {
        case .legacy:
            let count = await onOwnThread {
                let reached = DispatchSemaphore(value: 0)
                let proceed = DispatchSemaphore(value: 0)
                let loop = Legacy.CalculationLoop(times: times, reportEvery: 10, calculation: calls.calculate) {
                    if $0 == stop {
                        reached.signal()
                        proceed.wait()
                    }
                }
                if stop != nil {
                    reached.wait()
                    loop.cancel()
                    proceed.signal()
                }
                return loop.waitUntilFinished()
            }
            return (count, calls.value)
        case .modern:
            let reached = AsyncStream.makeStream(of: Void.self)
            let proceed = AsyncStream.makeStream(of: Void.self)
            let loop = Modern.CalculationLoop(times: times, reportEvery: 10, calculation: calls.calculate) {
                if $0 == stop {
                    reached.continuation.yield()
                    for await _ in proceed.stream { break }
                }
            }
            if stop != nil {
                for await _ in reached.stream { break }
                loop.cancel()
                proceed.continuation.yield()
            }
            return (await loop.waitUntilFinished(), calls.value)
        }
    }

    @Test(arguments: Side.allCases)
    func uncancelledItCalculatesExactlyTimes(_ side: Side) async {
        let result = await Self.run(side)
        #expect(result.count == 1000)
        #expect(result.calls == 1000)
    }

    @Test(arguments: Side.allCases, [10, 100, 990])
    func cancelledItStopsBeforeTheNextCalculation(_ side: Side, stop: Int) async {
        let result = await Self.run(side, stoppingAt: stop)
        #expect(result.count == stop)
        #expect(result.calls == stop)
    }

    @Test(arguments: Side.allCases)
    func reportsComeEveryTenCalculationsInOrder(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy:
            _ = await onOwnThread {
                Legacy.CalculationLoop(times: 95, reportEvery: 10, calculation: {}) { log("\($0)") }
                    .waitUntilFinished()
            }
        case .modern:
            _ = await Modern.CalculationLoop(times: 95, reportEvery: 10, calculation: {}) { log("\($0)") }
                .waitUntilFinished()
        }
        #expect(recorder.lines == (1...9).map { "\($0 * 10)" })
    }

    /// Both wait for their end: the thread's semaphore, the task's value; callers after the first
    /// get the same count.
    @Test(arguments: Side.allCases)
    func waitingTwiceReturnsTheSameCount(_ side: Side) async {
        switch side {
        case .legacy:
            let counts = await onOwnThread {
                let loop = Legacy.CalculationLoop(times: 50, calculation: {})
                return [loop.waitUntilFinished(), loop.waitUntilFinished()]
            }
            #expect(counts == [50, 50])
        case .modern:
            let loop = Modern.CalculationLoop(times: 50, calculation: {})
            #expect(await loop.waitUntilFinished() == 50)
            #expect(await loop.waitUntilFinished() == 50)
        }
    }
}
