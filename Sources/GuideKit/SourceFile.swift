import Foundation

/// A source file of the package, as the guide quotes it.
struct SourceFile {
    /// The package root, worked out from this file's path at compile time.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // GuideKit
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// The path below the package root.
    let path: String
    let text: String

    init(_ path: String, root: URL = SourceFile.packageRoot) throws {
        self.path = path
        text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The line that ends a recipe file's pattern: what follows only drives the pattern for the
    /// guide's output and the tests, so a reader who copies the file drops it.
    public static let driverMarker = "// MARK: - Driver"

    /// The text without trailing blank lines.
    var trimmedText: String { Self.trimmed(text.split(separator: "\n", omittingEmptySubsequences: false)) }

    /// What a reader copies: everything above the driver marker (the whole file when it has none).
    var pattern: String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0.hasPrefix(Self.driverMarker) }) else {
            return Self.trimmed(lines[...])
        }
        return Self.trimmed(lines[..<marker])
    }

    /// The pattern cut at its top-level `// MARK: - Title` lines: the first section has no title
    /// (the imports and the main type), each further one is titled by its mark. The page pairs the
    /// sections of the two files in order, so that each part of the pattern sits beside its
    /// counterpart.
    var patternSections: [(title: String?, code: String)] {
        var sections: [(title: String?, lines: [Substring])] = [(nil, [])]
        for line in pattern.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(Self.sectionMarker) {
                sections.append((String(line.dropFirst(Self.sectionMarker.count)), []))
            } else {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections.compactMap { section in
            var lines = section.lines[...]
            while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
            let code = Self.trimmed(lines)
            return code.isEmpty && section.title == nil ? nil : (section.title, code)
        }
    }

    /// The indices of the sections the first one needs: itself, and every later section that
    /// declares a name the needed sections use (a type, a function, a property), transitively. A
    /// first section that calls a type of a later one can't be copied without it, so that section's
    /// APIs count toward what the recommended pattern needs.
    static func sectionsUsed(byFirstOf sections: [(title: String?, code: String)]) -> Set<Int> {
        guard !sections.isEmpty else { return [] }
        let declared = sections.map { declaredNames(in: codeWithoutComments($0.code)) }
        let used = sections.map { Set(identifiers(in: codeWithoutComments($0.code)).map(String.init)) }
        var needed: Set<Int> = [0]
        var changed = true
        while changed {
            changed = false
            for index in sections.indices where !needed.contains(index) {
                let names = declared[index].subtracting(needed.reduce(into: Set<String>()) { $0.formUnion(declared[$1]) })
                if needed.contains(where: { !used[$0].isDisjoint(with: names) }) {
                    needed.insert(index)
                    changed = true
                }
            }
        }
        return needed
    }

    /// The names a piece of code declares at any depth: types, functions, properties, cases.
    static func declaredNames(in code: String) -> Set<String> {
        let keywords: Set<Substring> = ["struct", "class", "enum", "actor", "protocol", "typealias", "func", "var", "let"]
        let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        var names: Set<String> = []
        for (word, next) in zip(words, words.dropFirst()) where keywords.contains(word) { names.insert(String(next)) }
        return names.subtracting(["init", "deinit", "self", "some", "any"])
    }

    static func identifiers(in code: String) -> [Substring] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.filter { $0.first.map { !$0.isNumber } ?? false }
    }

    /// `code` without `//` comments (doc comments included) and string literals.
    static func codeWithoutComments(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var text = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            while let open = text.firstIndex(of: "\""),
                let close = text[text.index(after: open)...].firstIndex(of: "\"")
            {
                text = text[..<open] + text[text.index(after: close)...]
            }
            return String(text)
        }.joined(separator: "\n")
    }

    /// The start of a line that opens a titled section of the pattern.
    static let sectionMarker = "// MARK: - "

    /// The code below the driver marker, marker line included, or `nil` when the file has none.
    var driver: String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0.hasPrefix(Self.driverMarker) }) else { return nil }
        return Self.trimmed(lines[marker...])
    }

    private static func trimmed(_ lines: some Collection<Substring>) -> String {
        var lines = Array(lines)
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The one-line summary of the doc comment on the top-level declaration of `typeName`.
    func summary(of typeName: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let kinds: Set<Substring> = ["enum", "struct", "class", "actor", "func"]
        guard
            let declaration = lines.firstIndex(where: { line in
                guard let first = line.first, !first.isWhitespace, !line.hasPrefix("//") else { return false }
                let words = line.split { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "(" }
                return zip(words, words.dropFirst()).contains { kinds.contains($0) && $1 == typeName }
            })
        else { return nil }
        var start = declaration
        while start > 0, lines[start - 1].hasPrefix("///") || lines[start - 1].hasPrefix("@") { start -= 1 }
        var summary: [String] = []
        for line in lines[start..<declaration] where line.hasPrefix("///") {
            let text = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if text.isEmpty { break }
            summary.append(text)
        }
        return summary.isEmpty ? nil : summary.joined(separator: " ")
    }
}
