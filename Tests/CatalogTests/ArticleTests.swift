import Catalog
import Foundation
import RecipeKit
import Testing

/// The pages' prose lives in Markdown articles (`Sources/Catalog/Articles/<Chapter>/<id>.md`):
/// one per recipe, note and chapter, none without an entry, each with only the headings it may
/// have.
@Suite struct ArticleTests {
    static let ids = Set(Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))

    /// Each in its chapter's folder, where the page's "This page's prose" link points.
    @Test func everyRecipeAndNoteHasAnArticleInItsChaptersFolder() {
        let chapters =
            Catalog.recipes.map { ($0.id, $0.chapter.folder) } + Catalog.notes.map { ($0.id, $0.chapter.folder) }
        for (id, folder) in chapters {
            #expect(
                Articles.path(of: id) == "\(folder)/\(id).md", "\(id) has no article at Articles/\(folder)/\(id).md")
        }
    }

    @Test func everyChapterHasAnIntroduction() {
        for chapter in Set(Catalog.recipes.map(\.chapter) + Catalog.notes.map(\.chapter)) {
            #expect(!Articles.introduction(chapter.folder).isEmpty, "\(chapter.folder) has no introduction.md")
        }
    }

    @Test(arguments: Articles.texts.keys.sorted())
    func everyArticleBelongsToAnEntryAndHasOnlyKnownHeadings(_ path: String) throws {
        let name = (path as NSString).lastPathComponent
        guard name != Articles.introductionName else { return }
        // A page of its own (the model page): free Markdown, checked by the guide's links.
        guard !path.hasPrefix(Articles.pagesFolder + "/") else { return }
        let id = String(name.dropLast(".md".count))
        #expect(Self.ids.contains(id), "\(path) belongs to no recipe or note")
        let text = try #require(Articles.texts[path])
        let problems =
            Catalog.recipe(id) != nil ? RecipeProse(markdown: text).problems : NoteProse(markdown: text).problems
        #expect(problems.isEmpty, "\(path): \(problems.joined(separator: "; "))")
    }

    /// Every platform note says where it comes from: a Linux note was observed here (with the
    /// Swift version) or read in a named source; a Darwin note was not run here and names its public
    /// source (a libdispatch or Swift runtime file, a proposal, an Apple documentation page).
    @Test(arguments: Catalog.recipes.map(\.id))
    func everyPlatformNoteStatesItsProvenance(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        for note in recipe.platformNotes {
            let problem = Self.provenanceProblem(note)
            #expect(problem == nil, "\(id): \(problem ?? ""): \(note.prefix(90))…")
        }
    }

    /// Why a platform note's provenance is missing, or `nil` when it is stated.
    static func provenanceProblem(_ note: String) -> String? {
        if note.hasPrefix("**Linux** (observed here, Swift 6.3.1") { return nil }
        if note.hasPrefix("**Linux** (from ") { return nil }
        if note.hasPrefix("**Linux**") {
            return "a Linux note opens with **Linux** (observed here, Swift 6.3.1) or **Linux** (from <source>)"
        }
        if note.hasPrefix("**Darwin** (not run here)") {
            let cites = note.contains("Source: ") || note.contains("Sources: ")
            return cites ? nil : "a Darwin note names its source (\"Source: …\")"
        }
        if note.hasPrefix("**Darwin**") { return "a Darwin note opens with **Darwin** (not run here)" }
        return "a platform note opens with **Linux** or **Darwin** and its provenance"
    }

    @Test func aNoteWithoutItsProvenanceIsAProblem() {
        #expect(Self.provenanceProblem("**Linux**: threads are cheap.") != nil)
        #expect(Self.provenanceProblem("**Darwin** (not run here): it traps.") != nil)
        #expect(Self.provenanceProblem("**Darwin**: it traps. Source: SE-0423.") != nil)
        #expect(Self.provenanceProblem("**Linux** (observed here, Swift 6.3.1): it traps.") == nil)
        #expect(Self.provenanceProblem("**Darwin** (not run here): it traps. Source: [SE-0423](url).") == nil)
    }

    /// Each page article is a page the guide writes: `Pages/model.md` → `Guide/model.md`.
    @Test func everyPageArticleIsAGuidePage() {
        let pages = Articles.texts.keys.filter { $0.hasPrefix(Articles.pagesFolder + "/") }
        #expect(pages.sorted() == ["Pages/model.md"], "a page article the guide does not write")
        #expect(Articles.page("model").contains("## 1. "))
    }

    @Test func anUnknownHeadingTextOutsideASectionAndATwiceGivenHeadingAreProblems() {
        let prose = RecipeProse(
            markdown: "Stray text\n## Problem\n\nA problem.\n\n## Problm\n\n- typo\n\n## Problem\n\nagain\n")
        #expect(
            prose.problems == [
                "text outside a section: 'Stray text'", "unknown heading '## Problm'", "'## Problem' given twice",
            ])
        #expect(RecipeProse(markdown: "## Pitfalls\n\n- one\n").problems == ["no '## Problem'"])
    }

    @Test func wrappedBulletsAreJoinedAndNothingIsLost() {
        let prose = RecipeProse(
            problem: "Run jobs in order.",
            changes: [String(repeating: "word ", count: 40) + "- not a list item", "`a b` and 1. also fine"])
        let markdown = prose.markdown
        #expect(markdown.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(RecipeProse(markdown: markdown) == prose)
    }

    /// Writing an entry's prose back out and reading it again gives the same prose, so an article
    /// regenerated from the catalog (or reformatted) loses nothing.
    @Test(arguments: Catalog.recipes.map(\.id))
    func anArticleReadsBackAsItWasWritten(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        #expect(RecipeProse(markdown: recipe.prose.markdown) == recipe.prose)
    }
}
