import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

/// The classic deadlock runs only in a child process (`compare --demo`); everything else here
/// finishes.
@Suite(.serialized) struct SwapperTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Runs `compare --demo lock-order-deadlock <scenario> <side>` and reports how it ended.
    static func runChild(_ side: String, timeout: Duration = .milliseconds(1500)) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "lock-order-deadlock", "opposite orders", side, "--pace", "test"],
            timeout: timeout
        )
    }

    @Test(arguments: Side.allCases)
    func twoSwapsRestoreTheValues(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        let values: (x: Int, y: Int)
        switch side {
        case .legacy:
            values = await onOwnThread {
                Legacy.Swapper.swapOnTwoThreads(gateTimeout: .milliseconds(5), log: log) {
                    Legacy.Swapper.orderedSwap($0, $1, whileHoldingFirst: $2)
                }
            }
        case .modern:
            values = await Modern.Swapper.swapFromTwoTasks(log: log)
        }
        #expect(values == (1, 2))
        #expect(recorder.lines.last == "X = 1, Y = 2")
    }

    @Test func legacyOppositeOrderDeadlocksInAChildProcess() async {
        let (result, lines) = await Self.runChild("legacy")
        #expect(result == .hung)
        #expect(
            lines == [
                "thread 1: holds a lock, reaching for the other",
                "thread 2: holds a lock, reaching for the other",
            ])
    }

    @Test func modernSwapsFinishInAChildProcess() async {
        let (result, lines) = await Self.runChild("modern")
        #expect(result == .finished(status: 0))
        #expect(lines.last == "X = 1, Y = 2")
    }

    /// Both threads hold their first lock before either reaches for its second (the gate waits for
    /// ever), so the first deadline to pass finds the other lock taken. That swap gives up and
    /// releases its first lock, and the other may then finish.
    @Test func aDeadlineOnTheSecondLockMakesAtLeastOneSwapGiveUp() async {
        let results = Locked<[Bool]>([])
        let values = await onOwnThread {
            Legacy.Swapper.swapOnTwoThreads(gateTimeout: nil, log: { _ in }) { a, b, gate in
                let swapped = Legacy.Swapper.trySwap(a, b, timeout: 0.05, whileHoldingFirst: gate)
                results.withLock { $0.append(swapped) }
            }
        }
        let outcomes = results.withLock { $0 }
        #expect(outcomes.count == 2)
        #expect(outcomes.contains(false))
        let swaps = outcomes.filter { $0 }.count
        #expect(values == (swaps == 1 ? (2, 1) : (1, 2)))
    }

    /// Many swaps in both argument orders from four threads, with no gate: one lock order never
    /// deadlocks, and an even number of swaps restores the values.
    @Test func orderedSwapsFromFourThreadsFinish() async {
        let x = Legacy.LockedValue(1)
        let y = Legacy.LockedValue(2)
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for _ in 0..<250 {
                    if thread.isMultiple(of: 2) {
                        Legacy.Swapper.orderedSwap(x, y)
                    } else {
                        Legacy.Swapper.orderedSwap(y, x)
                    }
                }
            }
        }
        #expect((x.current, y.current) == (1, 2))
    }

    @Test func modernSwapsFromFourTasksKeepThePairWhole() async {
        let pair = Modern.Swapper(x: 1, y: 2)
        await withDiscardingTaskGroup { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<250 { pair.swap() } }
            }
        }
        #expect(pair.values == (1, 2))
    }

    /// An `NSLock` locked twice by one thread never returns, so swapping a value with itself must
    /// not take its lock twice.
    @Test func orderedSwapOfAValueWithItselfReturns() {
        let x = Legacy.LockedValue(1)
        Legacy.Swapper.orderedSwap(x, x)
        #expect(x.current == 1)
    }
}
