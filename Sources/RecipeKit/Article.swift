/// The prose of a recipe or a guide note, read from its Markdown article.
///
/// Page prose lives in Markdown beside the catalog, not in Swift string literals: a writer who knows
/// Markdown can fix a sentence, preview it, and leave the Swift alone. An article is a list of
/// `## Heading` sections with fixed names; a section holds one paragraph or a list of `- ` bullets
/// (a bullet may wrap onto lines indented by two spaces; wrapped lines are joined with a space).
/// Anything else (an unknown heading, text before the first heading) is a problem the tests report.
public struct Article: Sendable, Equatable {
    /// Heading → the section's lines, without the heading.
    public let sections: [String: [String]]
    /// What doesn't belong: unknown headings, text outside a section, a heading given twice.
    public let problems: [String]

    /// Parses `markdown`, accepting only `headings`.
    public init(markdown: String, headings: [String]) {
        var sections: [String: [String]] = [:]
        var problems: [String] = []
        var current: String?
        // Inside a section already reported (unknown or repeated): its lines are not reported again.
        var skipping = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                let heading = String(line.dropFirst(3)).trimmingSpaces
                current = nil
                skipping = true
                if !headings.contains(heading) {
                    problems.append("unknown heading '## \(heading)'")
                } else if sections[heading] != nil {
                    problems.append("'## \(heading)' given twice")
                } else {
                    sections[heading] = []
                    current = heading
                    skipping = false
                }
            } else if let current {
                sections[current]!.append(line)
            } else if !skipping, !line.trimmingSpaces.isEmpty {
                problems.append("text outside a section: '\(line)'")
            }
        }
        self.sections = sections
        self.problems = problems
    }

    /// The section's paragraph, its lines joined with spaces; `nil` when the section is absent.
    public func paragraph(_ heading: String) -> String? {
        guard let lines = sections[heading] else { return nil }
        let text = lines.map(\.trimmingSpaces).filter { !$0.isEmpty }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    /// The section's bullets, each with its wrapped lines joined; empty when the section is absent.
    public func bullets(_ heading: String) -> [String] {
        var bullets: [String] = []
        for line in sections[heading] ?? [] {
            if line.hasPrefix("- ") {
                bullets.append(String(line.dropFirst(2)).trimmingSpaces)
            } else if !line.trimmingSpaces.isEmpty, !bullets.isEmpty {
                bullets[bullets.count - 1] += " " + line.trimmingSpaces
            }
        }
        return bullets
    }

    /// The Markdown of `sections` (heading, then a paragraph or bullets), wrapped at `width`:
    /// what `init(markdown:headings:)` reads back unchanged.
    public static func markdown(_ sections: [(heading: String, content: Content)], width: Int = 100) -> String {
        var lines: [String] = []
        for (heading, content) in sections {
            switch content {
            case .paragraph(let text): lines += ["## \(heading)", ""] + wrap(text, width: width, indent: "") + [""]
            case .bullets(let bullets) where !bullets.isEmpty:
                lines += ["## \(heading)", ""]
                for bullet in bullets { lines += wrap("- " + bullet, width: width, indent: "  ") }
                lines.append("")
            case .bullets: continue
            }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a section holds.
    public enum Content: Sendable {
        case paragraph(String)
        case bullets([String])
    }

    /// `text` broken at spaces into lines of at most `width` (a longer word stays whole); no line
    /// after the first starts with what Markdown would read as a list item or a heading.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, (lines.isEmpty ? 0 : indent.count) + candidate.count > width, !startsABlock(String(word))
            {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : indent + $0.element }
    }

    /// Whether a line starting with `word` would begin a list item, a heading, a quote or a table row.
    static func startsABlock(_ word: String) -> Bool {
        if ["-", "*", "+", ">", "|", "="].contains(word) || word.hasPrefix("#") { return true }
        let digits = word.dropLast()
        return !digits.isEmpty && digits.allSatisfy(\.isNumber) && (word.hasSuffix(".") || word.hasSuffix(")"))
    }
}

extension String {
    var trimmingSpaces: String {
        var text = self[...]
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
