import RecipeKit

/// `--sarif FILE`: the findings as a SARIF 2.1.0 log, the format code-scanning tools import.
///
/// One rule per recipe (its id, title, and page as help), plus `no-recipe-yet` for APIs that no
/// recipe shows. A finding is a result at level `warning`, or `error` when it has a hazard, with its
/// region. Results are written as they come and the rules after them (JSON keys have no order), so
/// only the rules seen so far are held in memory.
struct SARIFReport {
    let directory: RecipeDirectory
    private var rules: [String] = []
    private var ruleIndex: [String: Int] = [:]
    private(set) var text = ""

    static let noRecipeRule = "no-recipe-yet"

    init(directory: RecipeDirectory) {
        self.directory = directory
        text = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
            + "  \"runs\": [\n    {\n      \"results\": ["
    }

    mutating func add(_ finding: Finding) {
        let rule = finding.recipes.first ?? Self.noRecipeRule
        let index: Int
        if let known = ruleIndex[rule] {
            index = known
        } else {
            index = rules.count
            ruleIndex[rule] = index
            rules.append(rule)
        }
        var message = "\(finding.api) → \(finding.recipes.first.map { "\($0): " } ?? "no recipe yet: ")\(finding.modern)"
        for hazard in finding.hazards { message += ". Hazard: \(hazard.message) (\(hazard.reason))" }
        let quote = JSONText.quoted
        text += (text.hasSuffix("[") ? "\n" : ",\n")
            + "        {\"ruleId\": \(quote(rule)), \"ruleIndex\": \(index), "
            + "\"level\": \"\(finding.hazards.isEmpty ? "warning" : "error")\", "
            + "\"message\": {\"text\": \(quote(message))}, "
            + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(quote(Self.uri(finding.path)))}, "
            + "\"region\": {\"startLine\": \(finding.line), \"startColumn\": \(finding.column)}}}]}"
    }

    /// The finished log.
    func render() -> String {
        let quote = JSONText.quoted
        let descriptors = rules.map { id -> String in
            let entry = directory[id]
            let title = id == Self.noRecipeRule ? "A legacy API that no recipe shows yet" : entry.title
            let help =
                id == Self.noRecipeRule
                ? "No page of the guide shows this API yet; the finding names its modern counterpart."
                : "Guide page: \(entry.page). `swift run compare \(id)` runs both sides."
            var rule = "        {\"id\": \(quote(id)), \"name\": \(quote(Self.ruleName(id))), "
                + "\"shortDescription\": {\"text\": \(quote(title))}, \"help\": {\"text\": \(quote(help))}"
            if id != Self.noRecipeRule { rule += ", \"helpUri\": \(quote(entry.page))" }
            return rule + "}"
        }
        return text + (text.hasSuffix("[") ? "],\n" : "\n      ],\n")
            + "      \"tool\": {\n        \"driver\": {\"name\": \"scan\", "
            + "\"fullName\": \"scan (Swift concurrency migration guide)\", \"rules\": [\n"
            + descriptors.joined(separator: ",\n") + "\n        ]}\n      }\n    }\n  ]\n}\n"
    }

    /// `dispatch-group-wait` as a rule name: `DispatchGroupWait`.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a URI reference: relative paths stay relative, and characters a URI can't hold
    /// (spaces, `#`, `%`, non-ASCII) are percent-encoded.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let plain =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || [0x2D, 0x2E, 0x5F, 0x7E, 0x2F, 0x2B, 0x40].contains(byte)
            out += plain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }
        return out
    }
}

extension String {
    /// A one-digit hex byte with its leading zero.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
