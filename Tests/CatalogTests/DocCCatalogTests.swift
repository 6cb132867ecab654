import Foundation
import Testing

@testable import GuideKit

/// The DocC catalog `guide --docc` writes: every page of `Guide/`, links DocC can resolve, no
/// HTML DocC would drop, and a navigator tree from the landing page through the chapters.
@Suite struct DocCCatalogTests {
    static let guide = GuideCommand.existingFiles(in: GuideGenerator.packageRoot.appendingPathComponent("Guide"))
    static let catalog = DocCCatalog.files(from: guide)

    static var pageNames: Set<String> {
        Set(catalog.keys.filter { $0.hasSuffix(".md") }.map { ($0 as NSString).deletingPathExtension })
    }

    @Test func everyPageOfTheGuideIsAnArticle() {
        let pages = Self.guide.keys.filter { $0.hasSuffix(".md") }
        #expect(Self.catalog.keys.filter { $0.hasSuffix(".md") }.count == pages.count)
        #expect(Self.catalog["\(DocCCatalog.name).md"]?.contains("@TechnologyRoot") == true)
        for chart in Self.guide.keys where chart.hasSuffix(".svg") {
            #expect(Self.catalog["Resources/\((chart as NSString).lastPathComponent)"] == Self.guide[chart])
        }
    }

    @Test func everyDocLinkLeadsToAPage() throws {
        let regex = try Regex(#"<doc:([^>#]+)(#[^>]*)?>"#)
        for (path, text) in Self.catalog where path.hasSuffix(".md") {
            for match in text.matches(of: regex) {
                let name = String(match.output[1].substring ?? "")
                #expect(Self.pageNames.contains(name), "\(path) links to <doc:\(name)>, which is no page")
            }
        }
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
}
