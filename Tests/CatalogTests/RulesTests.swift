import Catalog
import Foundation
import GuideKit
import RecipeKit
import Testing

/// Every rule of `Guide/rules.md` holds on the toolchain that runs the suite: each program under
/// `Rules/` is compiled in the settings its header names, and is rejected with exactly the
/// messages it annotates (`-verify`), compiles clean, prints what it says, or traps.
///
/// Compiles run two at a time (the machine has two cores). A compile that passed, and a built
/// program, are kept under `.build/rule-check/`, keyed by a hash of the compiler's version, the
/// flags and every input, so a warm run re-compiles only what changed; programs run every time.
@Suite(.timeLimit(.minutes(10)))
struct RulesTests {
    static let root = ProgramChecks.root
    static let cache = ProgramChecks.cache

    @Test func everyRuleFileHasAHeaderWithARuleASourceAndAKnownRecipe() throws {
        let rules = try Rule.all(root: Self.root)
        #expect(rules.count >= 30)
        #expect(Set(rules.map(\.id)).count == rules.count, "two rule files share an id")
        let pages = Set(Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))
        for rule in rules {
            #expect(rule.source.contains("](") || rule.source.contains("`"), "\(rule.id): its source names no file or link")
            #expect(!rule.recipes.isEmpty, "\(rule.id): no recipe shows it")
            for id in rule.recipes { #expect(pages.contains(id), "\(rule.id) names `\(id)`, which has no page") }
            for module in rule.uses {
                let path = "\(Rule.companionsFolder)/\(module).swift"
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path)")
            }
        }
    }

    /// A rule that can't run here (Darwin only) says so in its statement and cites its source.
    @Test func aDarwinOnlyRuleSaysItWasNotRunHere() throws {
        for rule in try Rule.all(root: Self.root) where !rule.isCheckedHere {
            #expect(rule.statement.contains("Not run here"), "\(rule.id)")
            #expect(rule.source.contains("https://"), "\(rule.id)")
        }
    }

    @Test func everyRuleHoldsOnThisToolchain() async throws {
        let rules = try Rule.all(root: Self.root).filter(\.isCheckedHere)
        let compiler = try await ProgramChecks.swiftc(["--version"]).out
        // Build the companion modules once, before checks that import them run two at a time.
        _ = try await ProgramChecks.companionFlags(Array(Set(rules.flatMap(\.uses))).sorted(), compiler: compiler)
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            // Two rules at a time, one rule's checks one after the other: checks of one rule share
            // its folder, its input file and its program, and run side by side on a cold cache
            // they rewrote the input under the other's compiler.
            var pending = rules[...]
            func startNext() {
                guard let rule = pending.popFirst() else { return }
                group.addTask {
                    for check in rule.checks {
                        if let failure = await Self.verify(rule, check, compiler: compiler) {
                            failures.withLock { $0.append("\(rule.id) (\(check.setting.rawValue)): \(failure)") }
                        }
                    }
                }
            }
            startNext()
            startNext()
            while await group.next() != nil { startNext() }
        }
        for failure in failures.withLock({ $0 }).sorted() { Issue.record("\(failure)") }
    }

    /// The checker fails a rule whose program no longer says what the compiler does: the same
    /// file with one expected message changed, or with one expected output line changed.
    @Test func aRuleThatNoLongerHoldsFails() async throws {
        let compiler = try await ProgramChecks.swiftc(["--version"]).out
        let rules = try Rule.all(root: Self.root)
        let rejected = try #require(rules.first { $0.checks.contains { $0.expectation == .rejects } })
        let text = try String(contentsOf: Self.root.appendingPathComponent(rejected.path), encoding: .utf8)
        let wrongMessage = text.replacingOccurrences(of: "expected-error", with: "expected-error {{no such message}} expected-note")
        let check = try #require(rejected.checks.first { $0.expectation == .rejects })
        #expect(await Self.verify(rejected, check, compiler: compiler, text: wrongMessage) != nil)

        let printing = try #require(rules.first { rule in
            rule.checks.contains { if case .prints = $0.expectation { true } else { false } }
        })
        let printCheck = try #require(printing.checks.first { if case .prints = $0.expectation { true } else { false } })
        guard case .prints(let lines, let arguments) = printCheck.expectation else { return }
        let wrongOutput = Rule.Check(
            setting: printCheck.setting, expectation: .prints(lines: lines.dropLast() + ["not what it prints"], arguments: arguments))
        #expect(await Self.verify(printing, wrongOutput, compiler: compiler) != nil)
    }

    // MARK: - Checking one rule

    /// `nil` when `check` holds for `rule` (its file, or `text` instead of it), else why not.
    static func verify(_ rule: Rule, _ check: Rule.Check, compiler: String, text: String? = nil) async -> String? {
        do {
            let source = try text ?? String(contentsOf: root.appendingPathComponent(rule.path), encoding: .utf8)
            let companions = try await ProgramChecks.companionFlags(rule.uses, compiler: compiler)
            let flags = check.setting.flags + companions.flags
            // One folder per program (compiler, flags, inputs); a marker per expectation that passed.
            let key = ProgramChecks.fnv1a(([compiler, source] + flags + companions.texts).joined(separator: "\u{0}"))
            let folder = cache.appendingPathComponent(key)
            let input = folder.appendingPathComponent("\(rule.id).swift")
            let passed = folder.appendingPathComponent("passed-" + ProgramChecks.fnv1a("\(check.expectation)"))
            let program = folder.appendingPathComponent("program")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try source.write(to: input, atomically: true, encoding: .utf8)
            switch check.expectation {
            case .compiles, .rejects:
                if FileManager.default.fileExists(atPath: passed.path) { return nil }
                let verifying = check.expectation == .rejects ? ["-Xfrontend", "-verify"] : ["-warnings-as-errors"]
                let result = try await ProgramChecks.swiftc(["-emit-sil", "-o", "/dev/null"] + verifying + flags + [input.path])
                guard result.status == 0 else {
                    return "the compiler disagrees (exit \(result.status)):\n\(result.out)\(result.err)"
                }
                try Data().write(to: passed)
                return nil
            case .prints(_, let arguments), .traps(_, let arguments), .hangs(_, let arguments):
                if let failure = try await ProgramChecks.build(program, from: input, flags: flags) { return failure }
                return try await ProgramChecks.outcome(of: program, arguments: arguments, expected: check.expectation)
            case .darwinOnly:
                return nil
            }
        } catch {
            return "\(error)"
        }
    }
}
