import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct JoinableThreadResultTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases, [2, 3, 1000, 4321])
    func bothSidesSumOneToN(_ side: Side, n: Int) async {
        let expected = n * (n + 1) / 2
        switch side {
        case .legacy:
            let (one, two) = await onOwnThread {
                (
                    Legacy.JoinableThreadResult.joinSum(Legacy.JoinableThreadResult.launchSum(of: 1...n)),
                    Legacy.JoinableThreadResult.sumOnTwoThreads(upTo: n)
                )
            }
            #expect(one == expected)
            #expect(two == expected)
        case .modern:
            let task = Modern.JoinableThreadResult.launchSum(of: 1...n)
            #expect(await Modern.JoinableThreadResult.joinSum(task) == expected)
            // A task can be awaited again; a thread can be joined only once.
            #expect(await task.value == expected)
            #expect(await Modern.JoinableThreadResult.sumInTwoChildren(upTo: n) == expected)
        }
    }

    /// Started in one function and joined in another, later: the thread ran on its own, and its
    /// result waited for the join.
    @Test func legacyUnjoinedThreadRunsOnAndWaitsForItsJoin() async {
        let sums = await onOwnThread {
            func startWithoutJoining() -> [pthread_t] {
                (0..<4).map { Legacy.JoinableThreadResult.launchSum(of: 1...($0 + 1) * 100) }
            }
            let threads = startWithoutJoining()
            // The starter has returned; nothing stopped or collected the threads.
            return threads.map(Legacy.JoinableThreadResult.joinSum)
        }
        #expect(sums == [5050, 20100, 45150, 80200])
    }

    /// The scope neither awaits nor cancels its `async let`, yet when the scope has returned the
    /// child has ended, and it saw the cancellation.
    @Test func modernUnawaitedAsyncLetIsCancelledAndAwaitedAtScopeExit() async {
        let ended = Locked<[String]>([])
        func scope() async {
            async let _: Void = {
                // Suspends until cancelled: without the implicit cancel this would last a minute.
                try? await Task.sleep(for: .seconds(60))
                ended.withLock { $0.append(Task.isCancelled ? "cancelled" : "finished") }
            }()
            _ = await Modern.JoinableThreadResult.sum(of: 1...10)
        }
        await scope()
        #expect(ended.withLock { $0 } == ["cancelled"])
    }

    /// Every thread started by the recipe is joined, so the process is back to its thread count.
    @Test func legacyJoinedThreadsLeaveNoThreadBehind() async {
        let (before, after) = await onOwnThread {
            let before = (ProcessThreads.count() ?? 0)
            for _ in 0..<20 {
                Legacy.JoinableThreadResult.run(upTo: 1000) { _ in }
            }
            return (before, ProcessThreads.settledBlocking(atMost: before))
        }
        #expect(after <= before)
    }
}
