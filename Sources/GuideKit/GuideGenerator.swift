import BenchKit
import Catalog
import Foundation
import RecipeKit

/// Builds every file of `Guide/` in memory, from the catalog, the sources and real runs.
public enum GuideGenerator {
    /// The package root (where `Guide/` and `Sources/` live), from this file's compile-time path.
    public static let packageRoot = SourceFile.packageRoot
    /// The line that ends a recipe file's pattern (see `SourceFile.driverMarker`).
    public static let driverMarker = SourceFile.driverMarker

    /// Relative path below `Guide/` → file contents.
    /// The recipe inventory beside the package (`../shared/RECIPES.md`): the ids a page may name
    /// before their recipe has a page.
    public static let inventory = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/RECIPES.md")

    /// A page names a recipe id that is neither in the catalog nor in the inventory.
    public struct UnknownRecipeIDs: Error, CustomStringConvertible {
        /// Page path below `Guide/` → the unknown ids it names.
        public let pages: [(page: String, ids: [String])]
        public var description: String {
            "pages name recipe ids that are neither in the catalog nor in shared/RECIPES.md: "
                + pages.map { "\($0.page): \($0.ids.map { "`\($0)`" }.joined(separator: ", "))" }
                .joined(separator: "; ")
        }
    }

    /// What `bench` measured, committed beside the sources; the guide renders it, never re-runs it.
    public static let benchmarkResults = packageRoot.appendingPathComponent("Benchmarks/results.json")

    public static func files(
        recipes: [Recipe] = Catalog.recipes, notes: [GuideNote] = Catalog.notes, root: URL = packageRoot,
        inventory: URL = inventory,
        benchmarks: URL? = benchmarkResults
    ) async throws
        -> [String: String]
    {
        let benchmarkData = benchmarks.flatMap { try? Data(contentsOf: $0) }
        let results = try benchmarkData.map { try JSONDecoder().decode(BenchResults.self, from: $0) }
        var files: [String: String] = [:]
        var unknown: [(page: String, ids: [String])] = []
        let references = CrossReferences(
            recipes: recipes, notes: notes, planned: CrossReferences.plannedIDs(inventory: inventory))
        let chapters = Array(Set(recipes.map(\.chapter) + notes.map(\.chapter))).sorted()
        var byChapter: [(chapter: Chapter, recipes: [Recipe], notes: [GuideNote])] = []
        for (index, chapter) in chapters.enumerated() {
            let inChapter = recipes.filter { $0.chapter == chapter }
            let chapterNotes = notes.filter { $0.chapter == chapter }
            byChapter.append((chapter, inChapter, chapterNotes))
            let chapterPage = ChapterPage(
                chapter: chapter, recipes: inChapter, notes: chapterNotes,
                previous: index > 0 ? chapters[index - 1] : nil,
                next: index + 1 < chapters.count ? chapters[index + 1] : nil,
                references: references
            )
            files["\(chapter.slug)/README.md"] = chapterPage.markdown
            if !chapterPage.unknownIDs.isEmpty { unknown.append(("\(chapter.slug)/README.md", chapterPage.unknownIDs)) }
            for recipe in inChapter {
                var outcomes: [(Scenario, Outcome, Outcome)] = []
                for scenario in recipe.scenarios {
                    let (legacy, modern, _) = await scenario.judge(recipe, pace: .test)
                    outcomes.append((scenario, legacy, modern))
                }
                let page = RecipePage(
                    recipe: recipe, outcomes: outcomes,
                    legacy: try SourceFile(recipe.legacyPath, root: root),
                    modern: try SourceFile(recipe.modernPath, root: root),
                    references: references,
                    costs: results?.primitives.filter { $0.recipes.contains(recipe.id) } ?? []
                )
                files["\(chapter.slug)/\(recipe.id).md"] = page.markdown
                if !page.unknownIDs.isEmpty { unknown.append(("\(chapter.slug)/\(recipe.id).md", page.unknownIDs)) }
            }
            for note in chapterNotes {
                let code = try note.legacyPath.flatMap { legacy in
                    try note.modernPath.map { (try SourceFile(legacy, root: root), try SourceFile($0, root: root)) }
                }
                let page = NotePage(note: note, code: code, references: references)
                files["\(chapter.slug)/\(note.id).md"] = page.markdown
                if !page.unknownIDs.isEmpty { unknown.append(("\(chapter.slug)/\(note.id).md", page.unknownIDs)) }
            }
        }
        files["README.md"] = IndexPage(chapters: byChapter, hasPerformancePage: results != nil).markdown
        if let results {
            let performance = PerformancePage(
                results: results, takeaways: BenchFindings.sentences(from: results),
                pages: Dictionary(uniqueKeysWithValues: recipes.map { ($0.id, "\($0.chapter.slug)/\($0.id).md") }))
            files["performance.md"] = performance.markdown
            files.merge(performance.charts) { new, _ in new }
        }
        guard unknown.isEmpty else { throw UnknownRecipeIDs(pages: unknown) }
        return files
    }
}
