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
    static let root = GuideGenerator.packageRoot
    static let cache = root.appendingPathComponent(".build/rule-check")

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
        let compiler = try await Self.swiftc(["--version"]).out
        // Build the companion modules once, before checks that import them run two at a time.
        _ = try await Self.companionFlags(Array(Set(rules.flatMap(\.uses))).sorted(), compiler: compiler)
        let jobs = rules.flatMap { rule in rule.checks.map { (rule, $0) } }
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            var pending = jobs[...]
            func startNext() {
                guard let (rule, check) = pending.popFirst() else { return }
                group.addTask {
                    if let failure = await Self.verify(rule, check, compiler: compiler) {
                        failures.withLock { $0.append("\(rule.id) (\(check.setting.rawValue)): \(failure)") }
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
        let compiler = try await Self.swiftc(["--version"]).out
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
            let companions = try await companionFlags(rule.uses, compiler: compiler)
            let flags = check.setting.flags + companions.flags
            // One folder per program (compiler, flags, inputs); a marker per expectation that passed.
            let key = fnv1a(([compiler, source] + flags + companions.texts).joined(separator: "\u{0}"))
            let folder = cache.appendingPathComponent(key)
            let input = folder.appendingPathComponent("\(rule.id).swift")
            let passed = folder.appendingPathComponent("passed-" + fnv1a("\(check.expectation)"))
            let program = folder.appendingPathComponent("program")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try source.write(to: input, atomically: true, encoding: .utf8)
            switch check.expectation {
            case .compiles, .rejects:
                if FileManager.default.fileExists(atPath: passed.path) { return nil }
                let verifying = check.expectation == .rejects ? ["-Xfrontend", "-verify"] : ["-warnings-as-errors"]
                let result = try await swiftc(["-emit-sil", "-o", "/dev/null"] + verifying + flags + [input.path])
                guard result.status == 0 else {
                    return "the compiler disagrees (exit \(result.status)):\n\(result.out)\(result.err)"
                }
                try Data().write(to: passed)
                return nil
            case .prints(let lines, let arguments):
                if let failure = try await build(program, from: input, flags: flags) { return failure }
                let run = try await Self.run(program, arguments)
                guard !run.timedOut else { return "it was still running after 60 s" }
                guard run.signal == nil else { return "it crashed (signal \(run.signal!)):\n\(run.err)" }
                let printed = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    .filter { !$0.isEmpty }
                return printed == lines ? nil : "it printed\n\(printed.joined(separator: "\n"))\nnot\n\(lines.joined(separator: "\n"))"
            case .traps(let text, let arguments):
                if let failure = try await build(program, from: input, flags: flags) { return failure }
                let run = try await Self.run(program, arguments)
                guard !run.timedOut else { return "it was still running after 60 s" }
                guard run.signal != nil else { return "it did not trap (exit \(run.status)):\n\(run.out)\(run.err)" }
                return run.err.contains(text) ? nil : "it trapped without `\(text)` in its standard error:\n\(run.err)"
            case .darwinOnly:
                return nil
            }
        } catch {
            return "\(error)"
        }
    }

    /// Builds `program` from `input` unless it is built; `nil` when it is, else why not.
    static func build(_ program: URL, from input: URL, flags: [String]) async throws -> String? {
        if FileManager.default.isExecutableFile(atPath: program.path) { return nil }
        let partial = program.appendingPathExtension("partial")
        let result = try await swiftc(flags + ["-warnings-as-errors", input.path, "-o", partial.path])
        guard result.status == 0 else { return "it does not compile (exit \(result.status)):\n\(result.out)\(result.err)" }
        try FileManager.default.moveItem(at: partial, to: program)
        return nil
    }

    /// The flags that let a rule `import` its companion modules, each built once (Swift 5 mode,
    /// a static library) and kept in the cache; and the companions' texts, for the cache key.
    static func companionFlags(_ modules: [String], compiler: String) async throws -> (flags: [String], texts: [String]) {
        var flags: [String] = []
        var texts: [String] = []
        for module in modules {
            let path = root.appendingPathComponent("\(Rule.companionsFolder)/\(module).swift")
            let text = try String(contentsOf: path, encoding: .utf8)
            let folder = cache.appendingPathComponent("companion-" + fnv1a(compiler + "\u{0}" + text))
            let library = folder.appendingPathComponent("lib\(module).a")
            if !FileManager.default.fileExists(atPath: library.path) {
                let building = folder.appendingPathExtension("partial-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: building, withIntermediateDirectories: true)
                let result = try await swiftc([
                    "-swift-version", "5", "-parse-as-library", "-emit-library", "-static", "-emit-module",
                    "-module-name", module, "-emit-module-path", building.appendingPathComponent("\(module).swiftmodule").path,
                    "-o", building.appendingPathComponent("lib\(module).a").path, path.path,
                ])
                guard result.status == 0 else { throw CompanionError(module: module, output: result.out + result.err) }
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.moveItem(at: building, to: folder)
            }
            flags += ["-I", folder.path, "-L", folder.path, "-l\(module)"]
            texts.append(text)
        }
        return (flags, texts)
    }

    struct CompanionError: Error, CustomStringConvertible {
        let module: String
        let output: String
        var description: String { "the companion module \(module) does not compile:\n\(output)" }
    }

    static func swiftc(_ arguments: [String]) async throws -> CommandRun {
        try await CommandRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, threadName: "rule-check")
    }

    /// How a rule's program ended: its exit status or the signal that killed it, and its output.
    struct ProgramRun {
        let status: Int32
        let signal: Int32?
        let timedOut: Bool
        let out: String
        let err: String
    }

    /// Runs `program` with both outputs to files; kills it if it is still running after 60 s (a
    /// rule that hangs is a failing rule, not a hung suite).
    static func run(_ program: URL, _ arguments: [String]) async throws -> ProgramRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no"
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in end.yield() }
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            process.terminate()
            return true
        }
        for await _ in ended { break }
        watchdog.cancel()
        let timedOut = (try? await watchdog.value) ?? false
        try out.close()
        try err.close()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return ProgramRun(
            status: process.terminationStatus, signal: signal, timedOut: timedOut,
            out: try String(contentsOf: outURL, encoding: .utf8), err: try String(contentsOf: errURL, encoding: .utf8))
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return String(hash, radix: 16)
    }
}
