import Catalog
import Foundation
import RecipeKit

/// Builds every file of `Guide/` in memory, from the catalog, the sources and real runs.
public enum GuideGenerator {
    /// The package root (where `Guide/` and `Sources/` live), from this file's compile-time path.
    public static let packageRoot = SourceFile.packageRoot

    /// Relative path below `Guide/` → file contents.
    public static func files(
        recipes: [Recipe] = Catalog.recipes, root: URL = packageRoot
    ) async throws
        -> [String: String]
    {
        var files: [String: String] = [:]
        let chapters = Array(Set(recipes.map(\.chapter))).sorted()
        var byChapter: [(chapter: Chapter, recipes: [Recipe])] = []
        for (index, chapter) in chapters.enumerated() {
            let inChapter = recipes.filter { $0.chapter == chapter }
            byChapter.append((chapter, inChapter))
            files["\(chapter.slug)/README.md"] =
                ChapterPage(
                    chapter: chapter, recipes: inChapter,
                    previous: index > 0 ? chapters[index - 1] : nil,
                    next: index + 1 < chapters.count ? chapters[index + 1] : nil
                ).markdown
            for recipe in inChapter {
                var outcomes: [(Scenario, Outcome, Outcome)] = []
                for scenario in recipe.scenarios {
                    let (legacy, modern, _) = await scenario.judge(recipe, pace: .test)
                    outcomes.append((scenario, legacy, modern))
                }
                let page = RecipePage(
                    recipe: recipe, outcomes: outcomes,
                    legacy: try SourceFile(recipe.legacyPath, root: root),
                    modern: try SourceFile(recipe.modernPath, root: root)
                )
                files["\(chapter.slug)/\(recipe.id).md"] = page.markdown
            }
        }
        files["README.md"] = IndexPage(chapters: byChapter).markdown
        return files
    }
}
