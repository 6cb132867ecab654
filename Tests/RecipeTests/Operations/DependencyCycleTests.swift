import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// The cycles hang, so they run only in child processes (`compare --demo`).
@Suite(.serialized) struct DependencyCycleTests {
    static func runChild(_ side: String) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "operation-dependency-cycle", "main", side, "--pace", "test"],
            timeout: .milliseconds(1500)
        )
    }

    @Test func bothSidesHangSilently() async {
        async let legacy = Self.runChild("legacy")
        async let modern = Self.runChild("modern")
        let (legacyResult, legacyLines) = await legacy
        let (modernResult, modernLines) = await modern
        #expect(legacyResult == .hung)
        #expect(legacyLines.isEmpty)
        #expect(modernResult == .hung)
        #expect(modernLines.isEmpty)
    }

    @Test func legacyNeitherOperationIsEverReady() {
        let operationA = BlockOperation {}
        let operationB = BlockOperation {}
        operationA.addDependency(operationB)
        operationB.addDependency(operationA)
        #expect(!operationA.isReady && !operationB.isReady)
    }

    @Test func legacyCancellingOneOperationBreaksTheCycle() async {
        let recorder = Recorder()
        let operationA = BlockOperation { recorder.log("Operation A ran") }
        let operationB = BlockOperation { recorder.log("Operation B ran") }
        operationA.addDependency(operationB)
        operationB.addDependency(operationA)
        operationA.cancel()
        #expect(operationA.isReady && !operationB.isReady)
        // Started by hand, synchronously: no queue, nothing that could hang.
        await onOwnThread {
            operationA.start()
            if operationB.isReady { operationB.start() }
        }
        #expect(operationA.isFinished && operationB.isFinished)
        #expect(recorder.lines == ["Operation B ran"])
    }
}
