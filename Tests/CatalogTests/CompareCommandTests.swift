import Foundation
import Catalog
import RecipeKit
import Testing

@testable import CompareKit

/// `compare` against a made-up catalog, to see what it does when the sides disagree.
@Suite struct CompareCommandTests {
    static let chapter = Chapter(number: 99, title: "Test fixtures", folder: "Fixtures", introduction: "")

    static func recipe(legacy: [String], modern: [String], rules: [ParityRule] = [.exact]) -> Recipe {
        Recipe(
            id: "fixture", title: "A fixture", chapter: chapter, sources: ["none"], file: "Fixtures/Fixture.swift",
            apis: [], prose: RecipeProse(problem: ""),
            scenarios: [
                Scenario(
                    rules: rules,
                    legacy: { context in legacy.forEach(context.log) },
                    modern: { context in modern.forEach(context.log) }
                )
            ]
        )
    }

    func run(_ arguments: [String], _ recipes: [Recipe]) async -> (status: Int32, out: String, err: String) {
        let out = Recorder()
        let err = Recorder()
        let console = Console.capturing(out: { out.log($0) }, err: { err.log($0) })
        let status = await CompareCommand.run(arguments: arguments, recipes: recipes, console: console)
        return (status, out.lines.joined(), err.lines.joined())
    }

    @Test func aMismatchExitsOneAndPrintsADiff() async {
        let fixture = Self.recipe(legacy: ["a", "b", "c"], modern: ["a", "x", "c"])
        let (status, out, _) = await run(["fixture", "--runs", "1"], [fixture])
        #expect(status == 1)
        #expect(out.contains("✗ different"))
        #expect(out.contains("- b"))
        #expect(out.contains("+ x"))
    }

    @Test func aReorderingIsAMismatchForExactButNotForMultiset() async {
        let exact = Self.recipe(legacy: ["a", "b"], modern: ["b", "a"])
        #expect(await run(["fixture", "--runs", "1"], [exact]).status == 1)
        let multiset = Self.recipe(legacy: ["a", "b"], modern: ["b", "a"], rules: [.multiset])
        #expect(await run(["fixture", "--runs", "1"], [multiset]).status == 0)
    }

    @Test func allReportsProgressAndTheRecipesThatDisagree() async {
        let fixture = Self.recipe(legacy: ["a"], modern: ["b"], rules: [.multiset])
        let (status, out, _) = await run(["--all", "--runs", "1"], [fixture])
        #expect(status == 1)
        #expect(out.contains("[1/1] fixture"))
        #expect(out.contains("1 disagree: fixture"))
        #expect(out.contains("+ b"))
    }

    @Test func anUnknownIdNamesTheClosestIds() async {
        let fixture = Self.recipe(legacy: [], modern: [])
        let (status, out, err) = await run(["fixtur"], [fixture])
        #expect(status == 64)
        #expect(out.isEmpty)
        #expect(err.contains("Did you mean: fixture"))
    }

    @Test func jsonGivesEachMeasuredSideABatchSizeAndAPeakRSS() async throws {
        let fixture = Self.recipe(legacy: ["a"], modern: ["a"])
        let (status, out, _) = await run(["fixture", "--json", "--runs", "2", "--batch-ms", "1"], [fixture])
        #expect(status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(root["schemaVersion"] as? Int == 1)
        let recipe = try #require((root["recipes"] as? [[String: Any]])?.first)
        let scenario = try #require((recipe["scenarios"] as? [[String: Any]])?.first)
        for side in ["legacy", "modern"] {
            let measurement = try #require((scenario[side] as? [String: Any])?["measurement"] as? [String: Any])
            #expect(measurement["runs"] as? Int == 2)
            #expect(try #require(measurement["batchSize"] as? Int) >= 1)
            if let peak = measurement["peakRSSBytes"] { #expect(try #require(peak as? Int) > 0) }
        }
    }
}

/// How `compare` sizes a batch, driven by a made-up clock: no test here waits or reads the time.
@Suite struct CompareBatchingTests {
    /// A side that takes `perRun` each run once warm; `time` records every batch size it is asked for.
    final class FakeSide: Sendable {
        let perRun: Duration
        let asked = Locked<[Int]>([])

        init(perRun: Duration) { self.perRun = perRun }

        func time(_ size: Int) -> Duration {
            asked.withLock { $0.append(size) }
            return perRun * size
        }
    }

    @Test func aSideAsLongAsABatchIsNotBatchedNorRunAgain() async {
        let side = FakeSide(perRun: .milliseconds(12))
        let size = await Batching().batchSize(warmUp: .milliseconds(12)) { side.time($0) }
        #expect(size == 1)
        #expect(side.asked.withLock { $0 }.isEmpty)
    }

    @Test func aSideOfFiveMillisecondsOrMoreIsLookedAtOnceMoreThenNotBatched() async {
        let side = FakeSide(perRun: .milliseconds(6))
        let size = await Batching().batchSize(warmUp: .milliseconds(6)) { side.time($0) }
        #expect(size == 1)
        #expect(side.asked.withLock { $0 } == [1])
    }

    /// Sides near a millisecond (one child task per iteration) flipped between batched and alone
    /// from run to run with a 1 ms threshold; under 5 ms they are batched.
    @Test func aSideOfAFewMillisecondsIsBatched() async {
        let side = FakeSide(perRun: .milliseconds(1))
        let batching = Batching()
        let size = await batching.batchSize(warmUp: .milliseconds(1)) { side.time($0) }
        #expect(size > 1)
        #expect(side.perRun * size >= batching.target)
    }

    @Test func aSideWhoseFirstRunWasColdIsBatched() async {
        // 2.5 ms cold, 90 µs warm: the warm run decides.
        let side = FakeSide(perRun: .microseconds(90))
        let batching = Batching()
        let size = await batching.batchSize(warmUp: .microseconds(2500)) { side.time($0) }
        #expect(size > 1)
        #expect(side.perRun * size >= batching.target)
    }

    @Test(arguments: [1, 7, 30, 120, 400, 999])
    func aFastSideRunsInTheSmallestBatchesThatLastTheTarget(microseconds: Int) async throws {
        let perRun = Duration.microseconds(microseconds)
        let side = FakeSide(perRun: perRun)
        let batching = Batching()
        let size = await batching.batchSize(warmUp: perRun) { side.time($0) }
        let smallest = Int((batching.target / perRun).rounded(.up))
        #expect(size >= smallest, "a batch of \(size) lasts less than the target")
        #expect(size <= 2 * smallest, "a batch of \(size) is far longer than it needs to be")
        let asked = side.asked.withLock { $0 }
        #expect(asked.count <= 2, "a steady side needs at most two trials, not \(asked)")
        let trials = asked.reduce(Duration.zero) { $0 + perRun * $1 }
        #expect(trials <= batching.target, "calibrating took \(trials), more than a batch")
    }

    @Test func aSlowWarmUpStillEndsInABatchThatLastsTheTarget() async {
        // The first run pays for cold caches and lazy set-up; the ones after are 50 times quicker.
        let side = FakeSide(perRun: .microseconds(20))
        let batching = Batching()
        let size = await batching.batchSize(warmUp: .microseconds(990)) { side.time($0) }
        #expect(side.perRun * size >= batching.target)
        #expect(side.asked.withLock { $0 }.count <= 3)
    }

    @Test func eachTryIsAtLeastTwiceTheLast() async {
        // A side that gets slower as it goes (10 µs, then 40 µs) never makes the next try smaller.
        let asked = Locked<[Int]>([])
        let size = await Batching().batchSize(warmUp: .microseconds(10)) { size in
            asked.withLock { $0.append(size) }
            return .microseconds(40) * size
        }
        let sizes = [1] + asked.withLock { $0 }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $1 >= 2 * $0 })
        #expect(Duration.microseconds(40) * size >= .milliseconds(10))
    }

    @Test func aSideThatMeasuresAsNoTimeStopsAtTheCap() async {
        let batching = Batching(target: .milliseconds(10), threshold: .milliseconds(1), cap: 500)
        let size = await batching.batchSize(warmUp: .zero) { _ in .zero }
        #expect(size == 500)
    }

    @Test func aLongerTargetMakesLongerBatches() async {
        let side = FakeSide(perRun: .microseconds(50))
        let size = await Batching(target: .milliseconds(40)).batchSize(warmUp: .microseconds(50)) { side.time($0) }
        #expect(side.perRun * size >= .milliseconds(40))
    }

    @Test func measurementsArePerRunAndKeepTheHighestPeak() {
        let samples = [
            Measurement.Sample(wall: .milliseconds(12), cpu: .milliseconds(10), threads: 4, peakRSSBytes: 3_000_000),
            Measurement.Sample(wall: .milliseconds(10), cpu: .milliseconds(8), threads: 6, peakRSSBytes: 5_000_000),
            Measurement.Sample(wall: .milliseconds(11), cpu: .milliseconds(9), threads: 5, peakRSSBytes: 4_000_000),
        ]
        let measurement = Measurement(samples, batchSize: 100)
        #expect(measurement.batchSize == 100)
        #expect(measurement.runs == 3)
        #expect(abs(measurement.wallMinSeconds - 100e-6) < 1e-12)
        #expect(abs(measurement.wallMedianSeconds - 110e-6) < 1e-12)
        #expect(abs(measurement.cpuMedianSeconds - 90e-6) < 1e-12)
        #expect(measurement.peakThreads == 6)
        #expect(measurement.peakRSSBytes == 5_000_000)
    }

    @Test func aPeakThatCouldNotBeReadForEveryRunIsAbsent() {
        let samples = [
            Measurement.Sample(wall: .milliseconds(1), cpu: .zero, threads: nil, peakRSSBytes: 1024),
            Measurement.Sample(wall: .milliseconds(1), cpu: .zero, threads: nil, peakRSSBytes: nil),
        ]
        let measurement = Measurement(samples, batchSize: 1)
        #expect(measurement.peakRSSBytes == nil)
        #expect(measurement.peakThreads == nil)
    }

    @Test func bytesReadInKilobytesOrMegabytes() {
        #expect(formatBytes(512 * 1024) == "512 KB")
        #expect(formatBytes(15 * 1024 * 1024 + 300 * 1024) == "15.3 MB")
    }

    @Test func thePeakResidentSizeCanBeResetAndRead() throws {
        #if os(Linux)
            #expect(ProcessMetrics.resetPeakResident())
            let peak = try #require(ProcessMetrics.peakResidentBytes())
            #expect(peak > 0)
        #endif
    }
}

/// `compare`'s report fits the terminal it prints to: every line, at 80 and 100 columns.
@Suite struct CompareWidthTests {
    func run(_ arguments: [String], width: Int, recipes: [Recipe] = Catalog.recipes) async -> [String] {
        let out = Recorder()
        let console = Console.capturing(width: width, out: { out.log($0) }, err: { _ in })
        _ = await CompareCommand.run(arguments: arguments, recipes: recipes, console: console)
        return out.lines.joined().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: [80, 100])
    func actorReentrancysReportFits(width: Int) async {
        let lines = await run(["actor-reentrancy", "--runs", "1", "--pace", "test"], width: width)
        #expect(lines.contains { $0.hasPrefix("Measurements") })
        for line in lines { #expect(line.count <= width, "\(line.count) columns: \(line)") }
        let table = lines.drop { !$0.hasPrefix("Measurements") }
        #expect(table.contains { $0.contains("wall median") })
        #expect(table.contains { $0.contains("modern/legacy median wall:") })
    }

    @Test func aLongNameAndLongSourcesWrapAndColumnsGiveWay() async {
        let name = "a scenario whose name is much longer than any column of the table"
        let fixture = Recipe(
            id: "fixture", title: "A fixture", chapter: CompareCommandTests.chapter,
            sources: Array(repeating: "Some Book, chapter 12, “A section with a long title”", count: 3),
            file: "Fixtures/Fixture.swift", apis: [], prose: RecipeProse(problem: ""),
            scenarios: [Scenario(name, rules: [.exact], legacy: { $0.log("a") }, modern: { $0.log("a") })])
        let wide = await run(["fixture", "--runs", "1"], width: 200, recipes: [fixture])
        #expect(wide.contains { $0.contains("batch") && $0.contains("peak RSS") }, "all columns when there is room")
        let narrow = await run(["fixture", "--runs", "1"], width: 80, recipes: [fixture])
        for line in narrow { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
        #expect(narrow.contains { $0.contains("left out to fit 80 columns") })
        #expect(narrow.contains(name), "a name too long for the table gets a line of its own")
        let sources = narrow.drop { !$0.hasPrefix("Sources:") }.prefix { !$0.hasPrefix("Pace:") }
        #expect(sources.count >= 2, "the sources wrap")
        #expect(sources.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "under a hanging indent")
    }
}
