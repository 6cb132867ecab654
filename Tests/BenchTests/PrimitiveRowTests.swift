import Catalog
import Foundation
import Testing

@testable import BenchKit

/// Each primitive row times what its first recipe's code does, on both sides.
@Suite struct PrimitiveRowTests {
    @Test(arguments: PrimitiveBenchmarks.rows.map(\.id))
    func theFirstRecipeUsesWhatTheRowTimes(_ id: String) throws {
        let row = try #require(PrimitiveBenchmarks.rows.first { $0.id == id })
        let first = try #require(row.recipes.first.flatMap(Catalog.recipe), "\(id) names no recipe")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let legacy = try String(contentsOf: root.appendingPathComponent(first.legacyPath), encoding: .utf8)
        let modern = try String(contentsOf: root.appendingPathComponent(first.modernPath), encoding: .utf8)
        #expect(legacy.contains(row.legacyCode), "\(first.legacyPath) never uses \(row.legacyCode)")
        #expect(modern.contains(row.modernCode), "\(first.modernPath) never uses \(row.modernCode)")
        for recipe in row.recipes { #expect(Catalog.recipe(recipe) != nil, "\(id) names \(recipe), no recipe") }
    }

    @Test func bothSidesOfTheTickRowTickAtTheSameInterval() throws {
        let row = try #require(PrimitiveBenchmarks.rows.first { $0.id == "timer-vs-ticker" })
        #expect(row.legacyName.hasSuffix("1 ms") && row.modernName.contains("1 ms"))
        #expect(PrimitiveBenchmarks.tickInterval == .milliseconds(1))
        #expect(!PrimitiveBenchmarks.rows.contains { $0.legacyName.contains("µs interval") })
    }
}
