import Foundation
import GuideKit
import Testing

/// A cheap stand-in for `Scripts/check-page-widths.py`, which needs a browser: what made pages
/// wider than GitHub's column at 1,000 px can't come back.
///
/// The column is about 886 px; a full-width code block shows about 104 characters of code at 85 %
/// of 16 px (16 px of padding each side), and two code blocks in one table row need twice as many.
@Suite struct PageWidthTests {
    /// The longest code line a full-width block may hold, with some room to spare.
    static let codeLineLimit = 100

    static let pages: [String] = {
        let guide = GuideGenerator.packageRoot.appendingPathComponent("Guide")
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: guide.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "Guide/\($0)" }
    }()

    static func text(_ page: String) throws -> String {
        try String(contentsOf: GuideGenerator.packageRoot.appendingPathComponent(page), encoding: .utf8)
    }

    @Test func theGuideHasPages() {
        #expect(Self.pages.count > 100)
    }

    @Test(arguments: pages)
    func noTableHoldsACodeBlock(_ page: String) throws {
        var inTable = false
        for (index, line) in try Self.text(page).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("<table") { inTable = true }
            if line.hasPrefix("</table>") { inTable = false }
            #expect(!(inTable && line.hasPrefix("```")), "\(page):\(index + 1): a code block inside a table")
        }
    }

    @Test(arguments: pages)
    func everyCodeLineFitsAFullWidthBlock(_ page: String) throws {
        var inBlock = false
        for (index, line) in try Self.text(page).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            if inBlock {
                #expect(
                    line.count <= Self.codeLineLimit,
                    "\(page):\(index + 1) is \(line.count) characters in a code block (at most \(Self.codeLineLimit))")
            }
        }
    }
}
