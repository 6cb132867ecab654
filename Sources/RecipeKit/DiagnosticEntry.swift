import Foundation

/// One message the compiler or the runtime gives a codebase on its way from GCD to Swift
/// concurrency, with the smallest code that produces it and the smallest fix.
///
/// Each entry is a folder below `Diagnostics/<group>/`:
///
/// - `before.swift`: the code. Its header names the setting and the check, as a rule's does
///   (`// Check: swift6 rejects`, `// Check: app-target rejects`, `// Check: swift6 traps` with
///   `// ! text`); a compile-time entry annotates every message the compiler gives, on its line,
///   in the compiler's verifier syntax (`// expected-error {{…}}`, `// expected-note@-1 {{…}}`).
/// - `after.swift`: the fix, which compiles in the Swift 6 mode and in an Xcode 26 app target
///   with warnings as errors (and, for a runtime entry, runs to the end).
/// - `entry.md`: the prose, in sections with fixed headings (`Article`): the message as a
///   template, with each name the reader's code decides shown as a placeholder (`'‹type›'`);
///   what it means; the usual fix; the tempting fixes; where it comes from (the recipes);
///   and, for a runtime entry, what Darwin prints, with its source.
public struct DiagnosticEntry: Sendable {
    /// The folder below the package root that holds the entries.
    public static let folder = "Diagnostics"

    /// The headings of `entry.md`, in order.
    public static let headings = [
        messageHeading, meaningHeading, fixHeading, temptingHeading, originsHeading, darwinHeading,
    ]
    public static let messageHeading = "Message"
    public static let meaningHeading = "What it means"
    public static let fixHeading = "The usual fix"
    public static let temptingHeading = "Tempting fixes"
    public static let originsHeading = "Where it comes from"
    public static let darwinHeading = "On Darwin"

    /// The folder's name without its order prefix: `capture-in-sendable-closure`.
    public let id: String
    /// The group folder's name without its prefix: `sendable`.
    public let group: String
    /// The group folder below `Diagnostics/`: `2-sendable`.
    public let groupFolder: String
    /// The entry's folder below the package root.
    public let path: String
    /// The checks of `before.swift`'s header: one, in the setting that produces the message.
    public let checks: [Rule.Check]
    /// Companion modules `before.swift` and `after.swift` import (files of `Rules/Companions`).
    public let uses: [String]
    /// What `before.swift` says the compiler reports, in file order.
    public let annotations: [Annotation]
    /// The text of `before.swift`.
    public let before: String
    /// The text of `after.swift`.
    public let after: String
    /// The message as templates: the first is the entry's message; more are other forms of it
    /// (another kind of declaration, another wording of the same problem).
    public let templates: [Template]
    public let meaning: String
    public let fix: String
    public let temptingFixes: [String]
    /// Where the message comes from: each bullet a legacy pattern and the recipes that replace it.
    public let origins: [String]
    /// For a runtime entry: what Darwin prints, each bullet a message and its source.
    public let darwin: [String]
    /// What is wrong with `entry.md` (unknown headings, text outside a section, a missing part).
    public let problems: [String]

    public var beforePath: String { "\(path)/before.swift" }
    public var afterPath: String { "\(path)/after.swift" }
    public var prosePath: String { "\(path)/entry.md" }

    /// The setting that produces the message.
    public var setting: Rule.Setting { checks.first?.setting ?? .swift6 }

    /// Whether the message comes from running the program, not from compiling it.
    public var isRuntime: Bool {
        checks.contains {
            switch $0.expectation {
            case .traps, .hangs, .prints: return true
            case .compiles, .rejects, .darwinOnly: return false
            }
        }
    }

    /// The text a runtime entry's program must write to its standard error.
    public var runtimeText: String? {
        for check in checks {
            switch check.expectation {
            case .traps(let text, _), .hangs(let text, _): return text
            default: continue
            }
        }
        return nil
    }

    /// Every entry below `root/Diagnostics`, in order: groups by their folder's prefix, entries
    /// by theirs.
    public static func all(root: URL) throws -> [DiagnosticEntry] {
        let base = root.appendingPathComponent(folder)
        let fileManager = FileManager.default
        let groups = try fileManager.contentsOfDirectory(atPath: base.path)
            .filter { $0.first?.isNumber == true }.sorted(by: Rule.prefixOrder)
        var entries: [DiagnosticEntry] = []
        for group in groups {
            let folders = try fileManager.contentsOfDirectory(atPath: base.appendingPathComponent(group).path)
                .filter { $0.first?.isNumber == true }.sorted(by: Rule.prefixOrder)
            for entry in folders {
                let path = "\(folder)/\(group)/\(entry)"
                func read(_ name: String) throws -> String {
                    try String(contentsOf: root.appendingPathComponent("\(path)/\(name)"), encoding: .utf8)
                }
                entries.append(
                    try DiagnosticEntry(
                        path: path, before: try read("before.swift"), after: try read("after.swift"),
                        prose: try read("entry.md")))
            }
        }
        return entries
    }

    /// Reads the entry in the folder `path` (below the package root) from its three files.
    public init(path: String, before: String, after: String, prose: String) throws {
        self.path = path
        let components = path.split(separator: "/").map(String.init)
        id = Rule.unprefixed(components.last ?? "")
        groupFolder = components.count >= 2 ? components[components.count - 2] : ""
        group = Rule.unprefixed(groupFolder)
        self.before = before
        self.after = after
        let header = try ProgramHeader(path: "\(path)/before.swift", text: before)
        checks = header.checks
        uses = Rule.list(header.field("Uses"))
        annotations = Annotation.all(in: before)
        let article = Article(markdown: prose, headings: Self.headings)
        var problems = article.problems
        templates = article.bullets(Self.messageHeading).compactMap { Template(bullet: $0) }
        if templates.isEmpty { problems.append("no message: `## Message` needs a bullet with the message in backticks") }
        meaning = Self.blocks(article.sections[Self.meaningHeading] ?? [])
        fix = Self.blocks(article.sections[Self.fixHeading] ?? [])
        temptingFixes = article.bullets(Self.temptingHeading)
        origins = article.bullets(Self.originsHeading)
        darwin = article.bullets(Self.darwinHeading)
        for (heading, missing) in [
            (Self.meaningHeading, meaning.isEmpty), (Self.fixHeading, fix.isEmpty),
            (Self.originsHeading, origins.isEmpty),
        ] where missing {
            problems.append("`## \(heading)` is missing or empty")
        }
        if checks.count != 1 { problems.append("before.swift needs exactly one `// Check:` line") }
        self.problems = problems
    }

    /// A section's Markdown with each paragraph and each bullet on one line (wrapped lines
    /// joined), a blank line between a paragraph and what follows it: a page can link and
    /// convert it line by line.
    static func blocks(_ lines: [String]) -> String {
        var blocks: [String] = []
        var current: String?
        func flush() {
            if let block = current { blocks.append(block) }
            current = nil
        }
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                flush()
            } else if trimmed.hasPrefix("- ") {
                flush()
                current = trimmed
            } else if let block = current {
                current = block + " " + trimmed
            } else {
                current = trimmed
            }
        }
        flush()
        var text = ""
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                // Bullets of one list go on consecutive lines; anything else after a blank line.
                text += block.hasPrefix("- ") && blocks[index - 1].hasPrefix("- ") ? "\n" : "\n\n"
            }
            text += block
        }
        return text
    }

    /// The message as the compiler (or the runtime) prints it, with a placeholder (`‹name›`) for
    /// each part the reader's code decides, and the diagnostic group the compiler names after it.
    public struct Template: Sendable, Equatable, Hashable {
        /// The message with its placeholders: `capture of '‹name›' with non-Sendable type '‹type›' in a '@Sendable' closure`.
        public let text: String
        /// The group the compiler prints after the message (`SendableClosureCaptures`), if any.
        public let group: String?

        public init(text: String, group: String?) {
            self.text = text
            self.group = group
        }

        /// The template in the bullet's first code span: "`message [#Group]`".
        init?(bullet: String) {
            guard let open = bullet.firstIndex(of: "`") else { return nil }
            let rest = bullet[bullet.index(after: open)...]
            guard let close = rest.firstIndex(of: "`") else { return nil }
            var text = String(rest[..<close])
            var group: String?
            if text.hasSuffix("]"), let marker = text.range(of: " [#", options: .backwards) {
                group = String(text[marker.upperBound...].dropLast())
                text = String(text[..<marker.lowerBound])
            }
            self.init(text: text, group: group)
        }

        /// The link the compiler prints for its group: the group's page in the compiler's
        /// diagnostics documentation.
        public var groupURL: String? {
            guard let group else { return nil }
            return "https://docs.swift.org/compiler/documentation/diagnostics/" + Self.kebabCase(group)
        }

        /// `SendableClosureCaptures` → `sendable-closure-captures`.
        static func kebabCase(_ name: String) -> String {
            var result = ""
            for character in name {
                if character.isUppercase, !result.isEmpty { result += "-" }
                result += character.lowercased()
            }
            return result
        }

        /// Whether `message` (as printed, without its group) is this template with each
        /// placeholder standing for one or more characters.
        public func matches(_ message: String) -> Bool {
            Self.matches(pattern: pieces[...], message[...])
        }

        /// The literal parts between the placeholders, in order (empty strings where a template
        /// starts or ends with a placeholder).
        var pieces: [String] {
            var pieces: [String] = []
            var rest = text[...]
            while let open = rest.firstIndex(of: "‹"), let close = rest[open...].firstIndex(of: "›") {
                pieces.append(String(rest[..<open]))
                rest = rest[rest.index(after: close)...]
            }
            pieces.append(String(rest))
            return pieces
        }

        private static func matches(pattern: ArraySlice<String>, _ message: Substring) -> Bool {
            guard let first = pattern.first else { return message.isEmpty }
            guard message.hasPrefix(first) else { return false }
            let rest = message.dropFirst(first.count)
            let remaining = pattern.dropFirst()
            if remaining.isEmpty { return rest.isEmpty }
            // A placeholder: one or more characters, then the rest of the pattern.
            var index = rest.startIndex
            while index < rest.endIndex {
                index = rest.index(after: index)
                if matches(pattern: remaining, rest[index...]) { return true }
            }
            return false
        }

        /// The names of the placeholders, in order: `["name", "type"]`.
        public var placeholders: [String] {
            var names: [String] = []
            var rest = text[...]
            while let open = rest.firstIndex(of: "‹"), let close = rest[open...].firstIndex(of: "›") {
                names.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            return names
        }
    }

    /// One message a `before.swift` says the compiler gives: `// expected-error {{…}}` on the
    /// line it is written on, or `// expected-note@-2 {{…}}` two lines above.
    public struct Annotation: Sendable, Equatable, Hashable, Comparable {
        public enum Kind: String, Sendable, Comparable {
            case error, warning, note
            public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }
        public let kind: Kind
        /// The 1-based line of `before.swift` the message is reported on.
        public let line: Int
        public let message: String

        public init(kind: Kind, line: Int, message: String) {
            self.kind = kind
            self.line = line
            self.message = message
        }

        public static func < (a: Annotation, b: Annotation) -> Bool {
            (a.line, a.kind, a.message) < (b.line, b.kind, b.message)
        }

        /// Every annotation of `text`, in file order.
        public static func all(in text: String) -> [Annotation] {
            var found: [Annotation] = []
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var rest = line[...]
                while let marker = rest.range(of: "expected-") {
                    rest = rest[marker.upperBound...]
                    guard let kind = Kind.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else { continue }
                    rest = rest.dropFirst(kind.rawValue.count)
                    var offset = 0
                    if rest.first == "@" {
                        let number = rest.dropFirst().prefix { $0 == "-" || $0 == "+" || $0.isNumber }
                        offset = Int(number.hasPrefix("+") ? String(number.dropFirst()) : String(number)) ?? 0
                        rest = rest.dropFirst(1 + number.count)
                    }
                    guard let open = rest.range(of: "{{"), let close = rest.range(of: "}}"),
                        open.upperBound <= close.lowerBound
                    else { break }
                    found.append(
                        Annotation(
                            kind: kind, line: index + 1 + offset,
                            message: String(rest[open.upperBound..<close.lowerBound])))
                    rest = rest[close.upperBound...]
                }
            }
            return found
        }

        /// `text` without its annotations: comments that held only annotations are gone, a
        /// trailing annotation comment is cut off. Returns the lines and, for each line of
        /// `text`, its number in the result (`nil` for a line that went).
        public static func stripped(_ text: String, droppingHeader: Bool = true) -> (
            lines: [String], numbers: [Int?]
        ) {
            let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let header = droppingHeader ? ProgramHeader.lineCount(of: text) : 0
            var lines: [String] = []
            var numbers: [Int?] = []
            for (index, line) in all.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if index < header || (trimmed.hasPrefix("// expected-") && index >= header) {
                    numbers.append(nil)
                    continue
                }
                var kept = line
                if let marker = line.range(of: "// expected-") {
                    kept = String(line[..<marker.lowerBound])
                    while kept.last == " " { kept.removeLast() }
                }
                lines.append(kept)
                numbers.append(lines.count)
            }
            while lines.first?.isEmpty == true {
                lines.removeFirst()
                numbers = numbers.map { $0.map { $0 - 1 } }
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return (lines, numbers)
        }
    }
}

extension DiagnosticEntry.Annotation.Kind: CaseIterable {}
