import Catalog
import Foundation
import RecipeKit
import Testing

@testable import GuideKit

/// The DocC catalog `guide --docc` writes: every page of `Guide/`, links DocC can resolve, no
/// HTML DocC would drop, and a navigator tree from the landing page through the chapters.
@Suite struct DocCCatalogTests {
    static let guide = GuideCommand.existingFiles(in: GuideGenerator.packageRoot.appendingPathComponent("Guide"))
    static let catalog = DocCCatalog.files(from: guide)

    /// Computed once: a computed property here was rebuilt for each of the thousands of links.
    static let pageNames = Set(
        catalog.keys.filter { $0.hasSuffix(".md") }
            .map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })

    @Test func everyPageOfTheGuideIsAnArticle() {
        let pages = Self.guide.keys.filter { $0.hasSuffix(".md") }
        let rows = FindYourCode.groups.flatMap(\.entries).count
        #expect(Self.catalog.keys.filter { $0.hasSuffix(".md") }.count == pages.count + rows)
        #expect(Self.catalog["\(DocCCatalog.name).md"]?.contains("@TechnologyRoot") == true)
        for chart in Self.guide.keys where chart.hasSuffix(".svg") {
            #expect(Self.catalog["Resources/\((chart as NSString).lastPathComponent)"] == Self.guide[chart])
        }
    }

    @Test func everyDocLinkLeadsToAPage() throws {
        // A plain search, not a `Regex`: over 300 pages, the regex took seconds in a debug build.
        var links = 0
        for (path, text) in Self.catalog where path.hasSuffix(".md") {
            var rest = text[...]
            while let open = rest.range(of: "<doc:") {
                let target = rest[open.upperBound...].prefix { $0 != ">" && $0 != "\n" }
                let name = String(target.prefix { $0 != "#" })
                #expect(Self.pageNames.contains(name), "\(path) links to <doc:\(name)>, which is no page")
                links += 1
                rest = rest[open.upperBound...]
            }
        }
        #expect(links > 100)
    }

    @Test func noHTMLThatDocCWouldDropIsLeftOutsideCode() {
        for (path, text) in Self.catalog where path.hasSuffix(".md") {
            var inCode = false
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix("```") { inCode.toggle() }
                guard !inCode else { continue }
                for tag in ["<a id=", "<br>", "<code>", "<wbr>", "<details>", "<summary>", "<!--"] {
                    #expect(!line.contains(tag), "\(path): \(tag) in '\(line.prefix(80))'")
                }
            }
        }
    }

    @Test func everyChapterCuratesItsPagesAndTheLandingPageTheChapters() throws {
        let root = try #require(Self.catalog["\(DocCCatalog.name).md"])
        let chapters = Self.guide.keys.filter { $0.hasSuffix("/README.md") }.map { String($0.dropLast(10)) }
        for chapter in chapters {
            #expect(root.contains("- <doc:\(chapter)>"))
            let page = try #require(Self.catalog["\(chapter).md"])
            for recipe in Self.guide.keys where recipe.hasPrefix(chapter + "/") && !recipe.hasSuffix("README.md") {
                let name = ((recipe as NSString).lastPathComponent as NSString).deletingPathExtension
                #expect(page.contains("- <doc:\(name)>"), "\(chapter) does not curate \(name)")
            }
        }
    }

    @Test func linksAreRewrittenForDocC() {
        let line = DocCCatalog.convertLine(
            "See [`serial-queue`](serial-queue.md), [costs](../performance.md#bench-x), "
                + "[`Sources/Modern/A.swift`](../../Sources/Modern/A.swift) and [All recipes](../README.md).",
            folder: "01-queues-and-hopping")
        #expect(
            line
                == "See [`serial-queue`](<doc:serial-queue>), [costs](<doc:performance>), `Sources/Modern/A.swift` "
                + "and [All recipes](<doc:ConcurrencyMigration>).")
        #expect(DocCCatalog.convertLine("<a id=\"x\"></a>`a`<br>`b`", folder: "") == "`a` · `b`")
        #expect(DocCCatalog.convertLine("<code>a.<wbr>b&#124;c</code>", folder: "") == "`a.b\\|c`")
    }

    @Test func everyFindYourCodeRowIsAPageTitledByItsAPIAndCuratedUnderItsGroup() throws {
        let root = try #require(Self.catalog["\(DocCCatalog.name).md"])
        #expect(root.contains("type it into the navigator's filter") && !root.contains("is an anchor"))
        var names: Set<String> = []
        for group in FindYourCode.groups {
            #expect(root.contains("### Find your code: \(group.kind)"))
            for entry in group.entries {
                let name = DocCAPIPages.name(of: entry)
                #expect(names.insert(name).inserted, "two rows make the page \(name)")
                let page = try #require(Self.catalog["FindYourCode/\(name).md"])
                // The navigator's filter matches titles, and DocC shows a title's backticks as is.
                #expect(page.hasPrefix("# \(entry.spellings[0])\n"))
                #expect(root.contains("- <doc:\(name)>"))
                for recipe in entry.uses.flatMap(\.recipes) {
                    #expect(page.contains("[`\(recipe)`](<doc:\(recipe)>)"), "\(name) does not link \(recipe)")
                }
            }
        }
    }

    @Test func titlesCarryNoBackticksAndTheOutlineIsOff() {
        for (path, text) in Self.catalog where path.hasSuffix(".md") {
            let title = text.components(separatedBy: "\n").first { $0.hasPrefix("# ") } ?? ""
            #expect(!title.contains("`"), "\(path): \(title)")
        }
        #expect(Self.catalog["theme-settings.json"]?.contains(#""onThisPageNavigator": { "disable": true }"#) == true)
    }
}
