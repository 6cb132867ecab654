import Foundation

/// One rule about where code runs or what the compiler accepts, with the program that checks it.
///
/// A page that says "`Task {}` inherits the caller's actor" is only as right as the last time
/// someone ran it, and that sentence was wrong inside actors. Each rule is a file under `Rules/`:
/// a small program whose header states the rule, its public source and how the suite checks it
/// (compiled with the compiler's own diagnostic verifier, or run and its output compared, or run
/// in a child process that must trap), so the table the guide shows is the table the suite ran.
///
/// The header is the file's leading `//` comment:
///
///     // Rule: `Task {}` created in … runs on that actor.
///     //   (continuation lines are indented by two spaces)
///     // Source: [SE-0304](…)
///     // Recipes: where-does-it-run, main-queue-ui-update
///     // Uses: FakeSDK
///     // Check: swift6 prints
///     // > the line the program prints
///     // Check: app-target traps off-main
///     // ! text its standard error must contain
public struct Rule: Sendable, Equatable {
    /// The compiler settings a check runs in.
    public enum Setting: String, Sendable, CaseIterable {
        /// The Swift 6 language mode alone, as a package target has it.
        case swift6 = "swift6"
        /// The Swift 6 mode with `NonisolatedNonsendingByDefault`, as this package's Modern target.
        case swift6Nonsending = "swift6+nonsending"
        /// An app target as Xcode 26 makes it: default `MainActor` isolation and the
        /// approachable-concurrency features.
        case appTarget = "app-target"
        /// The Swift 6 mode with the upcoming features an Xcode 26 app target turns on, in their
        /// migration mode (`:migrate`): each place whose meaning the feature would change is a
        /// warning.
        case migrate = "migrate"

        /// The `swiftc` flags of the setting.
        public var flags: [String] {
            let base = ["-swift-version", "6", "-parse-as-library"]
            switch self {
            case .swift6: return base
            case .swift6Nonsending: return base + ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
            case .appTarget:
                return base + [
                    "-default-isolation", "MainActor",
                    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                    "-enable-upcoming-feature", "InferIsolatedConformances",
                ]
            case .migrate:
                return base + [
                    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault:migrate",
                    "-enable-upcoming-feature", "InferIsolatedConformances:migrate",
                ]
            }
        }

        /// How the rules page names it.
        public var title: String {
            switch self {
            case .swift6: return "Swift 6 mode"
            case .swift6Nonsending: return "Swift 6 mode with `NonisolatedNonsendingByDefault`"
            case .appTarget: return "an Xcode 26 app target"
            case .migrate:
                return "Swift 6 mode with `NonisolatedNonsendingByDefault` and `InferIsolatedConformances` in"
                    + " migration mode (`:migrate`)"
            }
        }
    }

    /// What a check expects of the program.
    public enum Expectation: Sendable, Equatable {
        /// Compiles with no error and no warning (warnings are errors).
        case compiles
        /// The compiler reports exactly the `expected-error`/`expected-note` annotations of the
        /// file (`-verify`: the messages, identifiers included, on their lines, and no others).
        case rejects
        /// Compiles, runs with `arguments`, and prints exactly `lines`.
        case prints(lines: [String], arguments: [String])
        /// Compiles, runs with `arguments`, and is killed by a signal with `text` in its
        /// standard error (the runtime's message, or the crashed thread's frames).
        case traps(text: String, arguments: [String])
        /// Compiles, runs with `arguments`, writes `text` to its standard error and then never
        /// ends (a task waits forever): stopped once the text is there.
        case hangs(text: String, arguments: [String])
        /// Not run here: a Darwin rule whose evidence is its source.
        case darwinOnly
    }

    /// One check: a setting and what it expects.
    public struct Check: Sendable, Equatable {
        public let setting: Setting
        public let expectation: Expectation
        public init(setting: Setting, expectation: Expectation) {
            self.setting = setting
            self.expectation = expectation
        }
    }

    /// The file's name without its order prefix and extension: `task-inherits-global-actor`.
    public let id: String
    /// The group folder's name without its prefix: `where-code-runs`.
    public let group: String
    /// The path below the package root: `Rules/1-where-code-runs/01-task-inherits-global-actor.swift`.
    public let path: String
    /// The rule, in Markdown.
    public let statement: String
    /// Where it comes from, in Markdown (proposals, runtime or library source, Apple's pages).
    public let source: String
    /// Recipes and notes where the rule matters.
    public let recipes: [String]
    /// Companion modules the program imports (files of `Rules/Companions`, compiled first).
    public let uses: [String]
    public let checks: [Check]

    /// The folder below the package root that holds the rules.
    public static let folder = "Rules"
    /// Modules rules may import: `Rules/Companions/<name>.swift`, built in the Swift 5 mode.
    public static let companionsFolder = "Rules/Companions"

    /// A rule file's header could not be read.
    public struct HeaderError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Every rule below `root/Rules`, in order: groups by their folder's prefix, rules by theirs.
    public static func all(root: URL) throws -> [Rule] {
        let base = root.appendingPathComponent(folder)
        let fileManager = FileManager.default
        let groups = try fileManager.contentsOfDirectory(atPath: base.path)
            .filter { $0.first?.isNumber == true }.sorted(by: prefixOrder)
        var rules: [Rule] = []
        for group in groups {
            let files = try fileManager.contentsOfDirectory(atPath: base.appendingPathComponent(group).path)
                .filter { $0.hasSuffix(".swift") }.sorted(by: prefixOrder)
            for file in files {
                let path = "\(folder)/\(group)/\(file)"
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                rules.append(try Rule(path: path, text: text))
            }
        }
        return rules
    }

    /// "2-closures" before "10-…": by the number before the first hyphen, then by name.
    static func prefixOrder(_ a: String, _ b: String) -> Bool {
        func number(_ name: String) -> Int { Int(name.prefix { $0.isNumber }) ?? Int.max }
        return (number(a), a) < (number(b), b)
    }

    /// The name without its order prefix: "01-task-immediate.swift" → "task-immediate".
    static func unprefixed(_ name: String) -> String {
        var name = Substring(name)
        if name.hasSuffix(".swift") { name = name.dropLast(".swift".count) }
        if let hyphen = name.firstIndex(of: "-"), name[..<hyphen].allSatisfy(\.isNumber) {
            name = name[name.index(after: hyphen)...]
        }
        return String(name)
    }

    /// Reads the header of the rule file at `path` (below the package root) with contents `text`.
    public init(path: String, text: String) throws {
        self.path = path
        let components = path.split(separator: "/")
        id = Self.unprefixed(String(components.last ?? ""))
        group = components.count >= 2 ? Self.unprefixed(String(components[components.count - 2])) : ""
        let header = try ProgramHeader(path: path, text: text)
        guard let statement = header.field("Rule"), !statement.isEmpty else {
            throw HeaderError(path: path, reason: "no `// Rule:` line")
        }
        guard let source = header.field("Source"), !source.isEmpty else {
            throw HeaderError(path: path, reason: "no `// Source:` line")
        }
        guard !header.checks.isEmpty else { throw HeaderError(path: path, reason: "no `// Check:` line") }
        self.statement = statement
        self.source = source
        self.recipes = Self.list(header.field("Recipes"))
        self.uses = Self.list(header.field("Uses"))
        self.checks = header.checks
    }

    static func list(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether the suite runs this rule here (it is not a Darwin-only rule).
    public var isCheckedHere: Bool { !checks.contains { $0.expectation == .darwinOnly } }
}
