import Foundation
import Testing

/// The README stays a front door: short, with the test command, and every link in it and in the
/// reference pages it leads to goes somewhere.
///
/// The reference lives in `Documentation/` and `CONTRIBUTING.md`, and the pages link into each
/// other's headings. A renamed heading or a moved file would break a link silently; this fails
/// instead. CI runs "the test command written in README.md", so that line must stay there too.
@Suite struct FrontDoorTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README must stay under this many lines: the reference goes to `Documentation/`.
    static let readmeLineLimit = 200

    /// The pages whose links are checked: the README, `CONTRIBUTING.md` and every Markdown page in
    /// `Documentation/`.
    static let pages: [String] = {
        let folder = FrontDoorTests.root.appendingPathComponent("Documentation")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return ["README.md", "CONTRIBUTING.md"]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/\($0)" }
    }()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeIsUnderTwoHundredLines() throws {
        let readme = try Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
            - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(
            lines < Self.readmeLineLimit,
            "README.md has \(lines) lines (at most \(Self.readmeLineLimit - 1)): move reference to Documentation/")
    }

    /// CI runs the test command the README gives, so the README must give it.
    @Test func theReadmeGivesTheTestCommand() throws {
        let lines = try Self.text("README.md").split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("./test.sh ") && $0.contains("# the test command") })
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("test.sh").path))
    }

    @Test func theReadmeLinksToContributingAndEveryDocumentationPage() throws {
        let readme = try Self.text("README.md")
        let targets = Set(Self.links(in: readme).map { Self.pathAndFragment($0).path })
        let documentation = Self.pages.filter { $0.hasPrefix("Documentation/") }
        #expect(documentation.count >= 3, "Documentation/ has \(documentation.count) pages")
        for page in ["CONTRIBUTING.md"] + documentation {
            #expect(targets.contains(page), "README.md does not link to \(page)")
        }
    }

    @Test(arguments: pages)
    func everyRelativeLinkResolves(_ page: String) throws {
        let problems = try Self.brokenLinks(in: Self.text(page), of: page)
        #expect(problems.isEmpty, "\(page):\n\(problems.joined(separator: "\n"))")
    }

    /// The check fails where it should: a missing file, a heading that isn't there, a path out of
    /// the repository. Links in code and links to the web are not checked.
    @Test func theLinkCheckFindsWhatIsBroken() throws {
        let text = """
            [fine](CONTRIBUTING.md), [fine too](README.md#the-two-commands-you-need), \
            [gone](Documentation/no-such-page.md), [no heading](README.md#no-such-heading), \
            [outside](../outside.md), `[in code](nowhere.md)`, [web](https://swift.org/nowhere).

            ```
            [in a code block](nowhere.md)
            ```
            """
        let problems = try Self.brokenLinks(in: text, of: "README.md")
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("Documentation/no-such-page.md:") })
        #expect(problems.contains { $0.hasPrefix("README.md#no-such-heading:") })
        #expect(problems.contains { $0.hasPrefix("../outside.md:") })
    }

    @Test func anchorsFollowGitHubsRule() {
        #expect(Self.anchor("Finding your error: `scan --build-log`") == "finding-your-error-scan---build-log")
        #expect(Self.anchor("[Chapter 1: Queues & hopping](01/README.md)") == "chapter-1-queues--hopping")
        let found = Self.anchors(
            in: "## <a id=\"every-recipe\"></a>Every recipe, modern ÷ legacy\n\n## Notes\n\n## Notes\n")
        #expect(found == Set(["every-recipe", "every-recipe-modern--legacy", "notes", "notes-1"]))
    }

    // MARK: - The link check

    /// What is wrong with each relative link of `markdown`, read as the file `page` of the
    /// repository: one line per broken link, starting with its target.
    static func brokenLinks(in markdown: String, of page: String) throws -> [String] {
        let base = root.standardizedFileURL.path + "/"
        let folder = root.appendingPathComponent(page).deletingLastPathComponent()
        var problems: [String] = []
        for target in links(in: markdown) where !isExternal(target) {
            let (path, fragment) = pathAndFragment(target)
            let file = (path.isEmpty
                ? root.appendingPathComponent(page)
                : folder.appendingPathComponent(path.removingPercentEncoding ?? path)).standardizedFileURL
            guard file.path.hasPrefix(base) else {
                problems.append("\(target): outside the repository")
                continue
            }
            guard FileManager.default.fileExists(atPath: file.path) else {
                problems.append("\(target): no such file")
                continue
            }
            if let fragment, file.pathExtension == "md" {
                let linked = try String(contentsOf: file, encoding: .utf8)
                if !anchors(in: linked).contains(fragment.removingPercentEncoding ?? fragment) {
                    problems.append("\(target): no heading or anchor #\(fragment) in \(file.lastPathComponent)")
                }
            }
        }
        return problems
    }

    /// The targets of the inline links (`[text](target)`, images too) outside code blocks and code
    /// spans.
    static func links(in markdown: String) -> [String] {
        let prose = withoutCode(markdown)
        let link = try! NSRegularExpression(pattern: #"\]\(([^()\s]+)(?:\s+"[^"]*")?\)"#)
        let matches = link.matches(in: prose, options: [], range: NSRange(prose.startIndex..., in: prose))
        return matches.compactMap { match in
            Range(match.range(at: 1), in: prose).map { String(prose[$0]) }
        }
    }

    /// The text with fenced code blocks blanked and code spans removed.
    static func withoutCode(_ markdown: String) -> String {
        var kept: [Substring] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
                kept.append("")
            } else {
                kept.append(inFence ? "" : line)
            }
        }
        let text = kept.joined(separator: "\n")
        let span = try! NSRegularExpression(pattern: #"(`+)[\s\S]*?[^`]\1(?!`)"#)
        return span.stringByReplacingMatches(
            in: text, options: [], range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }

    /// A link with a scheme (`https:`, `mailto:`) leads out of the repository and is not checked.
    static func isExternal(_ target: String) -> Bool {
        let scheme = target.prefix { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        return !scheme.isEmpty && target.dropFirst(scheme.count).hasPrefix(":")
    }

    static func pathAndFragment(_ target: String) -> (path: String, fragment: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// The fragments a Markdown file answers to: each heading's anchor (a repeated heading gets
    /// `-1`, `-2`, … as on GitHub) and each `<a id="…">` or `<a name="…">`.
    static func anchors(in markdown: String) -> Set<String> {
        var found: Set<String> = []
        var seen: [String: Int] = [:]
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, let heading = headingText(line) else { continue }
            let slug = anchor(heading)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            found.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        let explicit = try! NSRegularExpression(pattern: #"<a\s+(?:id|name)="([^"]+)""#)
        let range = NSRange(markdown.startIndex..., in: markdown)
        for match in explicit.matches(in: markdown, options: [], range: range) {
            if let name = Range(match.range(at: 1), in: markdown) {
                found.insert(String(markdown[name]))
            }
        }
        return found
    }

    /// The text of an ATX heading (`#` to `######`, then a space), or `nil` for any other line.
    static func headingText(_ line: Substring) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    /// GitHub's anchor for a heading: its text (a link's text, no HTML tags), lowercased, with
    /// every character but letters, digits, `_`, `-` and spaces dropped, and each space a hyphen.
    static func anchor(_ heading: String) -> String {
        let text =
            heading
            .replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
        return String(
            text.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "_" || character == "-" {
                    return character
                }
                return nil
            })
    }
}
