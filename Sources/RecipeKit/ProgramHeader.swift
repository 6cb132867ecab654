import Foundation

/// The leading `//` comment of a program the suite checks: a rule under `Rules/`, or the
/// `before.swift` of a diagnostic under `Diagnostics/`.
///
/// Its lines are `// Key: value` fields (a value may go on over lines indented by two more
/// spaces) and `// Check: <setting> <kind> [arguments…]` lines, each followed by what the check
/// expects: `// > line` for each line a `prints` check expects, one `// ! text` for the standard
/// error of a `traps` or `hangs` check. `// Check: darwin` marks a program not run here.
public struct ProgramHeader: Sendable {
    /// The fields in order, continuation lines joined with a space.
    public let fields: [(key: String, value: String)]
    public let checks: [Rule.Check]

    /// Reads the header of `text`, the file at `path` (below the package root, for messages).
    public init(path: String, text: String) throws {
        var fields: [(key: String, value: String)] = []
        var checks: [Rule.Check] = []
        var pending: (setting: Rule.Setting, kind: String, arguments: [String])?
        var expected: [String] = []
        func fail(_ reason: String) -> Rule.HeaderError { Rule.HeaderError(path: path, reason: reason) }
        func flush() throws {
            guard let check = pending else { return }
            let setting = check.setting
            switch check.kind {
            case "compiles": checks.append(Rule.Check(setting: setting, expectation: .compiles))
            case "rejects": checks.append(Rule.Check(setting: setting, expectation: .rejects))
            case "prints":
                guard !expected.isEmpty else { throw fail("a `prints` check needs `// > line` lines") }
                checks.append(
                    Rule.Check(setting: setting, expectation: .prints(lines: expected, arguments: check.arguments)))
            case "traps", "hangs":
                guard expected.count == 1 else { throw fail("a `\(check.kind)` check needs one `// ! text` line") }
                let expectation: Rule.Expectation =
                    check.kind == "traps"
                    ? .traps(text: expected[0], arguments: check.arguments)
                    : .hangs(text: expected[0], arguments: check.arguments)
                checks.append(Rule.Check(setting: setting, expectation: expectation))
            default: throw fail("unknown check `\(check.kind)`")
            }
            pending = nil
            expected = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("//") else { break }
            let body = line.dropFirst(2)
            if body.hasPrefix("   "), let last = fields.popLast() {
                fields.append((last.key, last.value + " " + body.trimmingCharacters(in: .whitespaces)))
            } else if body.hasPrefix(" > ") || body == " >" {
                expected.append(String(body.dropFirst(3)))
            } else if body.hasPrefix(" ! ") {
                expected.append(String(body.dropFirst(3)))
            } else if body.hasPrefix(" Check: ") {
                try flush()
                let words = body.dropFirst(" Check: ".count).split(separator: " ").map(String.init)
                if words == ["darwin"] {
                    checks.append(Rule.Check(setting: .swift6, expectation: .darwinOnly))
                    continue
                }
                guard words.count >= 2, let setting = Rule.Setting(rawValue: words[0]) else {
                    let settings = Rule.Setting.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("`Check:` needs a setting (\(settings)) and a kind")
                }
                pending = (setting, words[1], Array(words.dropFirst(2)))
            } else if let colon = body.firstIndex(of: ":"), body.hasPrefix(" ") {
                let key = body[body.index(after: body.startIndex)..<colon]
                fields.append((String(key), body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        try flush()
        self.fields = fields
        self.checks = checks
    }

    /// The value of the first `// key:` field, if any.
    public func field(_ key: String) -> String? { fields.first { $0.key == key }?.value }

    /// How many lines the header takes: the leading `//` lines, up to the first doc comment (`///`).
    public static func lineCount(of text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("//") && !$0.hasPrefix("///") }.count
    }
}
