import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct ClosureBasicsTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let classicOutput = [
        "subtract(10, 20) == 10",
        "string = 10",
        "result = 123",
        "result = 123",
        "result = 123",
        "Trimmed string = O'Reilly",
        "9",
    ]

    @Test(arguments: Side.allCases)
    func bothSidesPrintTheClassicOutputs(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy: Legacy.ClosureBasics.run(log: recorder.logger)
        case .modern: await Modern.ClosureBasics.run(log: recorder.logger)
        }
        #expect(recorder.lines == Self.classicOutput)
    }

    @Test(arguments: Side.allCases)
    func eachBlockComputesWhatTheClassicExampleSays(_ side: Side) async {
        switch side {
        case .legacy:
            #expect(Legacy.ClosureBasics.subtract(3, 5) == 2)
            #expect(Legacy.ClosureBasics.intToString(UInt.max) == "\(UInt.max)")
            #expect(Legacy.ClosureBasics.trimWithOtherBlock("\t a b \t") == "a b")
            let reversed = Legacy.ClosureBasics.convertIntToString(
                321, usingBlockObject: { String(String($0).reversed()) })
            #expect(reversed == "123")
            let all = Legacy.ClosureBasics.convertAll(
                NSArray(array: [UInt(1), UInt(22), UInt(333)]),
                usingBlockObject: Legacy.ClosureBasics.intToString)
            #expect(all == ["1", "22", "333"])
        case .modern:
            #expect(Modern.ClosureBasics.subtract(3, 5) == 2)
            #expect(Modern.ClosureBasics.intToString(UInt.max) == "\(UInt.max)")
            #expect(await Modern.ClosureBasics.trimWithOtherBlock("\t a b \t") == "a b")
            let reversed = await Modern.ClosureBasics.convertIntToString(
                321, using: { String(String($0).reversed()) })
            #expect(reversed == "123")
            let all = Modern.ClosureBasics.convertAll(
                [1, 22, 333], using: Modern.ClosureBasics.intToString)
            #expect(all == ["1", "22", "333"])
        }
    }

    @Test(arguments: Side.allCases)
    func anEscapingConverterIsCalledAfterTheCallReturns(_ side: Side) async {
        switch side {
        case .legacy:
            let later = Legacy.ClosureBasics.converter(
                for: 123, usingBlockObject: Legacy.ClosureBasics.intToString)
            #expect(later() == "123")
        case .modern:
            let later = Modern.ClosureBasics.converter(
                for: 123, using: Modern.ClosureBasics.intToString)
            // `@Sendable`, so another task may call it.
            #expect(await Task.detached { later() }.value == "123")
        }
    }

    @Test func modernConversionsRunAsChildTasksInOrder() async {
        #expect(await Modern.ClosureBasics.doTheConversions() == ["123", "123", "123"])
        #expect(Legacy.ClosureBasics.doTheConversions() == ["123", "123", "123"])
    }

    /// Not `Sendable`: only a `sending` hand-over lets a task use it.
    final class Tally {
        var count = 0
    }

    @Test func aSendingClosureRunsInANewTask() async {
        let tally = Tally()
        let count = await Modern.ClosureBasics.inNewTask {
            tally.count += 2
            return tally.count
        }
        #expect(count == 2)
    }
}
