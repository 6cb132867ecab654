import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct CaptureSemanticsTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func aCaptureListCopiesAndAPlainCaptureShares(_ side: Side) async {
        let copy = Recorder()
        let shared = Recorder()
        switch side {
        case .legacy:
            Legacy.CaptureSemantics.scopeTestCopy(log: copy.logger)
            Legacy.CaptureSemantics.scopeTestShared(log: shared.logger)
        case .modern:
            await Modern.CaptureSemantics.scopeTestCopy(log: copy.logger)
            await Modern.CaptureSemantics.scopeTestShared(log: shared.logger)
        }
        #expect(
            copy.lines == [
                "Integer value inside the block = 10",
                "Integer value outside the block = 20",
            ])
        #expect(
            shared.lines == [
                "Integer value inside the block = 20",
                "Integer value outside the block = 20",
            ])
    }

    @Test(arguments: Side.allCases)
    func theBlockWritesItsLocalsAndTheWriteIsSeenOutside(_ side: Side) async {
        let recorder = Recorder()
        let outside: Int
        switch side {
        case .legacy:
            Legacy.CaptureSemantics.independentBlock(log: recorder.logger)
            outside = Legacy.CaptureSemantics.simpleMethod(log: recorder.logger)
        case .modern:
            await Modern.CaptureSemantics.independentBlock(log: recorder.logger)
            outside = await Modern.CaptureSemantics.simpleMethod(
                log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "local integer = 10", "local integer = 20",
                "Outside variable = 10", "Inside variable = 20",
                "Outside variable = 30", "Inside variable = 20",
            ])
        #expect(outside == 30)
    }

    @Test(arguments: Side.allCases)
    func theIndependentBlockSetsThePropertyOnBothSides(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            Legacy.CaptureSemantics.runSelf(log: recorder.logger)
            let owner = Legacy.CaptureSemantics.PropertyOwner()
            Legacy.CaptureSemantics.PropertyOwner.correctBlockObject(owner)
            #expect(owner.stringProperty == "Block Objects")
        case .modern:
            await Modern.CaptureSemantics.runSelf(log: recorder.logger)
            let owner = Modern.CaptureSemantics.PropertyOwner()
            await Modern.CaptureSemantics.PropertyOwner.correctBlockObject(owner)
            #expect(await owner.stringProperty == "Block Objects")
        }
        #expect(recorder.lines == ["String property = Block Objects"])
    }

    @Test(arguments: Side.allCases, ["gamma", "delta"])
    func theEnumerationStopsAtTheMatch(_ side: Side, _ string: String) {
        var visited: [String] = []
        let found: Bool
        switch side {
        case .legacy:
            found = Legacy.CaptureSemantics.contains(
                string, in: Legacy.CaptureSemantics.sampleSet
            ) { visited.append($0) }
        case .modern:
            found = Modern.CaptureSemantics.contains(
                string, in: Modern.CaptureSemantics.sampleSet
            ) { visited.append($0) }
        }
        if string == "gamma" {
            // Nothing is visited after the match, wherever the set keeps it.
            #expect(found && visited.last == "Gamma")
            #expect(visited.filter { $0 == "Gamma" }.count == 1)
        } else {
            #expect(!found && Set(visited) == ["Alpha", "Beta", "Gamma", "X"])
        }
    }

    @Test(arguments: Side.allCases)
    func theStopEarlyScenarioPrintsFound(_ side: Side) {
        let recorder = Recorder()
        switch side {
        case .legacy: Legacy.CaptureSemantics.runStop(log: recorder.logger)
        case .modern: Modern.CaptureSemantics.runStop(log: recorder.logger)
        }
        #expect(recorder.lines == ["found = true"])
    }

    @Test func modernSharedStateSurvivesManyConcurrentWriters() async {
        let shared = Modern.CaptureSemantics.SharedInteger(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<500 { group.addTask { shared.add(1) } }
        }
        #expect(shared.get() == 500)
        #expect(await Modern.CaptureSemantics.total(of: Array(1...500)) == 125_250)
    }
}
