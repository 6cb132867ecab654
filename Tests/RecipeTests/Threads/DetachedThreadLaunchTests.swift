import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct DetachedThreadLaunchTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases, [21, 0, -7])
    func bothSidesReturnTheResult(_ side: Side, payload: Int) async {
        let result =
            switch side {
            case .legacy: await onOwnThread { Legacy.DetachedThreadLaunch.computeOnDetachedThread(payload: payload) }
            case .modern: await Modern.DetachedThreadLaunch.computeInDetachedTask(payload: payload)
            }
        #expect(result == payload * 2)
    }

    /// `pthread_create` returns 0, and the report runs once, on the new thread, not the launcher's.
    @Test func legacyLaunchReturnsZeroAndReportsOnTheNewThread() async {
        let (error, launcher, reporter, value) = await onOwnThread {
            let done = DispatchSemaphore(value: 0)
            let seen = Locked<[(pthread_t, Int)]>([])
            let error = Legacy.DetachedThreadLaunch.launchThread(payload: 21) { value in
                seen.withLock { $0.append((pthread_self(), value)) }
                done.signal()
            }
            done.wait()
            let reports = seen.withLock { $0 }
            return (error, pthread_self(), reports.first?.0, reports.count == 1 ? reports[0].1 : nil)
        }
        #expect(error == 0)
        #expect(value == 42)
        #expect(reporter != nil && reporter != launcher)
    }

    /// Every detached thread has signalled as its last act, and the thread count comes back to
    /// where it was: no thread outlives the launch that started it.
    @Test func legacyThreadHasEndedAfterItReported() async {
        let (before, runs, after) = await onOwnThread {
            let before = (ProcessThreads.count() ?? 0)
            var results: [Int] = []
            for payload in 0..<20 {
                results.append(Legacy.DetachedThreadLaunch.computeOnDetachedThread(payload: payload))
            }
            precondition(results == (0..<20).map { $0 * 2 })
            let settled = ProcessThreads.settledBlocking(atMost: before)
            return (before, results.count, settled)
        }
        #expect(runs == 20)
        #expect(after <= before)
    }
}
