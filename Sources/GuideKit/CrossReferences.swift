import Foundation
import RecipeKit

/// Turns recipe ids named in prose (`` `actor-reentrancy` ``) into links to their pages.
///
/// Pages name other recipes in backticks. Where the named recipe has a page, the reader gets a
/// link; every recipe of the catalog has one, so a backticked id without a page is a typo, and
/// `guide` refuses it.
struct CrossReferences {
    /// Every recipe and note with a page: id → chapter slug.
    let pages: [String: String]

    /// The ids of the rows of the rules page (`Guide/rules.md`).
    let rules: Set<String>

    /// The ids of the diagnostics' pages (`Guide/errors/<id>.md`).
    let errors: Set<String>

    init(recipes: [Recipe], notes: [GuideNote] = [], rules: [String] = [], errors: [String] = []) {
        pages = Dictionary(
            uniqueKeysWithValues: recipes.map { ($0.id, $0.chapter.slug) } + notes.map { ($0.id, $0.chapter.slug) })
        self.rules = Set(rules)
        self.errors = Set(errors)
    }

    /// The link target prose writes for a diagnostic's page: `[…](error:capture-in-a-sendable-closure)`.
    static let errorScheme = "](error:"

    /// The link target prose writes for a row of the rules page: `[…](rule:task-in-actor-needs-self)`.
    static let ruleScheme = "](rule:"

    /// `markdown` with each backticked recipe id that has a page made a link. `from` is the chapter
    /// slug of the page being written (`nil` for `Guide/README.md`); `self` is the id of that page,
    /// which is not linked to itself. Unknown ids are appended to `unknown`.
    func link(_ markdown: String, from chapter: String?, page: String? = nil, unknown: inout [String]) -> String {
        var found: [String] = []
        let linked = CodeSpans.replacing(in: markdown) { word, before, after in
            let alreadyLinked = before.hasSuffix("[") && after.hasPrefix("](")
            guard Self.looksLikeID(word) && !alreadyLinked else { return "`\(word)`" }
            guard let slug = pages[word], word != page else {
                if pages[word] == nil { found.append(word) }
                return "`\(word)`"
            }
            let path = chapter == nil ? "\(slug)/\(word).md" : slug == chapter ? "\(word).md" : "../\(slug)/\(word).md"
            return "[`\(word)`](\(path))"
        }
        unknown += found
        return linkErrors(linkRules(linked, from: chapter, unknown: &unknown), from: chapter, unknown: &unknown)
    }

    /// `[text](error:<id>)` made a link to the diagnostic's page; an id with no page is unknown.
    func linkErrors(_ markdown: String, from chapter: String?, unknown: inout [String]) -> String {
        guard markdown.contains(Self.errorScheme) else { return markdown }
        var result = ""
        var rest = markdown[...]
        while let start = rest.range(of: Self.errorScheme) {
            result += rest[..<start.lowerBound]
            let afterScheme = rest[start.upperBound...]
            let id = afterScheme.prefix { $0 != ")" }
            if !errors.contains(String(id)) { unknown.append("error:\(id)") }
            let folder = ErrorEntryPage.folder
            let path = chapter == nil ? "\(folder)/\(id).md" : chapter == folder ? "\(id).md" : "../\(folder)/\(id).md"
            result += "](\(path)"
            rest = afterScheme[id.endIndex...]
        }
        return result + rest
    }

    /// `[text](rule:<id>)` made a link to the row of the rules page; an id with no row is unknown.
    func linkRules(_ markdown: String, from chapter: String?, unknown: inout [String]) -> String {
        guard markdown.contains(Self.ruleScheme) else { return markdown }
        var result = ""
        var rest = markdown[...]
        while let start = rest.range(of: Self.ruleScheme) {
            result += rest[..<start.lowerBound]
            let afterScheme = rest[start.upperBound...]
            let id = afterScheme.prefix { $0 != ")" }
            if !rules.contains(String(id)) { unknown.append("rule:\(id)") }
            result += "](\(chapter == nil ? "" : "../")\(RulesPage.path)#\(id)"
            rest = afterScheme[id.endIndex...]
        }
        return result + rest
    }

    /// Kebab-case with at least one hyphen: `actor-reentrancy`, not `async` or `--full`.
    static func looksLikeID(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber }
            }
            && parts[0].first!.isLetter
    }
}
