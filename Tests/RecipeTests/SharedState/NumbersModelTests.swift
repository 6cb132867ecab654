import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct NumbersModelTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Runs one side's driver on main and returns its transcript and the model's final state.
    static func run(_ side: Side, _ numbers: [Int]) async -> (lines: [String], sorted: [Int]?, sum: Int?) {
        let recorder = Recorder()
        switch side {
        case .legacy:
            let model = await withCheckedContinuation { done in
                Legacy.NumbersModel.run(
                    numbers,
                    show: { line in
                        MainActor.assertIsolated()
                        recorder.log(line)
                    },
                    log: recorder.logger
                ) { done.resume(returning: $0) }
            }
            // The model is confined to main: read it there.
            let summary = await MainActor.run { model.summary }
            return (recorder.lines, summary?.sorted, summary?.sum)
        case .modern:
            let summary = await Task { @MainActor in
                await Modern.NumbersModel.run(numbers, show: { recorder.log($0) }, log: recorder.logger).summary
            }.value
            return (recorder.lines, summary?.sorted, summary?.sum)
        }
    }

    @Test(arguments: Side.allCases)
    func bothEndWithTheSequentialResult(_ side: Side) async {
        let numbers = SplitMix64.numbers(count: 10_000, upTo: 999_999, seed: 7).map { Int($0) }
        let outcome = await Self.run(side, numbers)
        #expect(outcome.sorted == numbers.sorted())
        #expect(outcome.sum == numbers.reduce(0, +))
    }

    @Test(arguments: Side.allCases)
    func theCallersLaterChangesDoNotReachTheWorker(_ side: Side) async {
        let outcome = await Self.run(side, [30, 10, 20])
        #expect(
            outcome.lines == [
                "handed off 3 numbers", "the caller's array now has 0", "3 sorted (10…30), sum 60",
            ])
        #expect(outcome.sorted == [10, 20, 30])
    }

    @Test func legacySummaryIsSetOnTheMainQueueBeforeTheCompletion() async {
        let model = Legacy.NumbersModel()
        let seenInCompletion = await withCheckedContinuation { done in
            DispatchQueue.main.async {
                model.process([2, 1]) { summary in
                    dispatchPrecondition(condition: .onQueue(.main))
                    done.resume(returning: model.summary == summary)
                }
            }
        }
        #expect(seenInCompletion)
    }

    @Test @MainActor func modernSummaryIsSetWhenProcessReturns() async {
        let model = Modern.NumbersModel()
        #expect(model.summary == nil)
        await model.process([5, -1, 3])
        #expect(model.summary?.sorted == [-1, 3, 5])
        #expect(model.summary?.sum == 7)
    }
}
