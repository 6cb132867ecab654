import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct OperationDependenciesTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let first = ["First Operation - Parameter Object = 111", "First Operation - Done"]
    static let second = ["Second Operation - Parameter Object = 222", "Second Operation - Done"]

    static func lines(of side: Side, _ run: Run) async -> [String] {
        let recorder = Recorder()
        switch side {
        case .legacy:
            let owner = Legacy.OperationDependencies()
            await withCheckedContinuation { done in
                let completion: @Sendable () -> Void = { done.resume() }
                switch run {
                case .pair: owner.runFirstAfterSecond(log: recorder.logger, completion: completion)
                case .none: owner.runWithoutDependency(log: recorder.logger, completion: completion)
                case .graph: owner.runGraph(log: recorder.logger, completion: completion)
                case .cancelled: owner.runAfterCancelledDependency(log: recorder.logger, completion: completion)
                }
            }
        case .modern:
            switch run {
            case .pair: await Modern.OperationDependencies.runFirstAfterSecond(log: recorder.logger)
            case .none: await Modern.OperationDependencies.runWithoutDependency(log: recorder.logger)
            case .graph: await Modern.OperationDependencies.runGraph(log: recorder.logger)
            case .cancelled: await Modern.OperationDependencies.runAfterCancelledDependency(log: recorder.logger)
            }
        }
        return recorder.lines
    }

    enum Run { case pair, none, graph, cancelled }

    static func indices(of prefix: String, in lines: [String]) -> [Int] {
        lines.indices.filter { lines[$0].hasPrefix(prefix) }
    }

    @Test(arguments: Side.allCases)
    func everySecondLineComesBeforeEveryFirstLine(_ side: Side) async throws {
        for _ in 0..<20 {
            let lines = await Self.lines(of: side, .pair)
            #expect(lines.sorted() == (Self.first + Self.second + ["Main thread is here"]).sorted())
            #expect(lines.filter { $0.hasPrefix("Second") } == Self.second)
            #expect(lines.filter { $0.hasPrefix("First") } == Self.first)
            let lastSecond = try #require(Self.indices(of: "Second", in: lines).last)
            let firstFirst = try #require(Self.indices(of: "First", in: lines).first)
            #expect(lastSecond < firstFirst)
        }
    }

    @Test(arguments: Side.allCases)
    func theGraphRunsBothSourcesThenIntermediateThenFinished(_ side: Side) async throws {
        for _ in 0..<20 {
            let lines = await Self.lines(of: side, .graph)
            #expect(lines.count == 4)
            let one = try #require(lines.firstIndex(of: "operation1 - result = 40"))
            let two = try #require(lines.firstIndex(of: "operation2 - result = 2"))
            let intermediate = try #require(lines.firstIndex(of: "intermediateOperation - 40 + 2 = 42"))
            let finished = try #require(lines.firstIndex(of: "finishedOperation - result = 42"))
            #expect(one < intermediate && two < intermediate && intermediate < finished)
        }
    }

    @Test(arguments: Side.allCases)
    func withoutTheDependencyEachOperationKeepsOnlyItsOwnOrder(_ side: Side) async {
        let lines = await Self.lines(of: side, .none)
        #expect(lines.sorted() == (Self.first + Self.second + ["Main thread is here"]).sorted())
        #expect(lines.filter { $0.hasPrefix("First") } == Self.first)
        #expect(lines.filter { $0.hasPrefix("Second") } == Self.second)
    }

    @Test func cancelledOperationNeverRunsButItsDependentDoes() async {
        let lines = await Self.lines(of: .legacy, .cancelled)
        #expect(lines == ["First Operation - Second Operation was cancelled"] + Self.first)
    }

    @Test func cancelledTaskStillRunsAndAwaitingItReturns() async {
        let lines = await Self.lines(of: .modern, .cancelled)
        #expect(lines == Self.second + ["First Operation - Second Operation was cancelled"] + Self.first)
    }

    @Test func cancelledTaskThatChecksFailsButAwaitingItStillReturns() async {
        let gate = AsyncStream.makeStream(of: Void.self)
        let dependency = Task {
            for await _ in gate.stream { break }  // ends at once when the task is cancelled
            try Task.checkCancellation()
            return 222
        }
        dependency.cancel()
        let result = await dependency.result
        #expect(throws: CancellationError.self) { try result.get() }
        gate.continuation.finish()
    }

    @Test func cancellingTheWaiterDoesNotCancelTheAwaitedTask() async {
        let gate = AsyncStream.makeStream(of: Void.self)
        let started = AsyncStream.makeStream(of: Void.self)
        let awaited = Task {
            for await _ in gate.stream { break }  // would end at once if this task were cancelled
            return Task.isCancelled
        }
        let waiter = Task {
            started.continuation.yield()
            return await awaited.value
        }
        for await _ in started.stream { break }
        waiter.cancel()
        #expect(!awaited.isCancelled)
        gate.continuation.yield()
        #expect(await waiter.value == false)
        #expect(waiter.isCancelled)
    }

    @Test func removeDependencyLeavesTheDependentNotReadyOnLinux() {
        let first = BlockOperation {}
        let second = BlockOperation {}
        first.addDependency(second)
        #expect(!first.isReady)
        first.removeDependency(second)
        #expect(first.dependencies.isEmpty)
        #if os(Linux)
            // swift-corelibs-foundation keeps counting the removed dependency: a queue would never start `first`.
            #expect(!first.isReady)
        #else
            #expect(first.isReady)
        #endif
    }
}
