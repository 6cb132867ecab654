import Catalog
import Foundation
import Testing

@testable import GuideKit

/// The agent skill `guide` writes: loadable, and naming only recipes that exist.
@Suite struct SkillFileTests {
    static let text = SkillFile().markdown

    @Test func itOpensWithTheFrontMatterAgentsRead() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "---")
        let end = try #require(lines.dropFirst().firstIndex(of: "---"))
        let header = lines[1..<end]
        #expect(header.contains("name: swift-concurrency-migration"))
        #expect(header.contains { $0.hasPrefix("description:") })
        #expect(header.count > 3, "a description that says when to use it")
    }

    @Test func everyIDItNamesIsARecipeOrANote() {
        let ids = Set(Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))
        let named = Self.text.matches(of: #/`([a-z0-9]+(?:-[a-z0-9]+)+)`/#).map { String($0.output.1) }
        #expect(named.count > Catalog.recipes.count)
        for id in named { #expect(ids.contains(id), "SKILL.md names `\(id)`, which is neither a recipe nor a note") }
        let listed = Self.text.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/- `([a-z0-9-]+)`.*/#).map { String($0.output.1) }
        }
        for id in listed { #expect(ids.contains(id), "SKILL.md lists `\(id)`, which is neither a recipe nor a note") }
        #expect(Set(listed) == ids, "SKILL.md's list and the catalog differ")
    }
}
