import Catalog
import Foundation
import GuideKit
import RecipeKit
import Testing

/// Every message on "Find your error" (`Guide/find-your-error.md`) is what the toolchain that runs
/// the suite prints: each entry under `Diagnostics/` is compiled, and its `before.swift` gives
/// exactly the messages it annotates (the text, identifiers included, and the kind, on their lines,
/// and no others), its `after.swift` compiles with warnings as errors in the Swift 6 mode and in
/// an Xcode 26 app target; a runtime entry's `before.swift` runs in a child process and prints its
/// message (or traps in its frame), its `after.swift` runs to the end.
///
/// The compile-time entries are compiled together, one compiler invocation per setting and
/// file kind, not one per file: a frontend's start-up costs more than a small file. An error found
/// when types are checked stops the compiler before it builds SIL, where the region-isolation
/// (`sending`) errors come from, so an entry that gave only part of its messages is compiled again
/// with the others like it; an entry that fails in the batch is compiled alone, so a failure
/// names its file. Entries must therefore not declare the same names as each other. Passes are
/// cached like the rules' (`ProgramChecks`).
@Suite(.timeLimit(.minutes(10)))
struct DiagnosticsTests {
    static let root = ProgramChecks.root

    static func entries() throws -> [DiagnosticEntry] { try DiagnosticEntry.all(root: root) }

    // MARK: - The corpus

    @Test func theCorpusHasEnoughDistinctMessages() throws {
        let entries = try Self.entries()
        let compileTime = entries.filter { !$0.isRuntime }.flatMap(\.templates).map(\.text)
        #expect(Set(compileTime).count >= 60, "\(Set(compileTime).count) distinct compile-time messages")
        #expect(entries.filter(\.isRuntime).count >= 5)
    }

    @Test func everyEntryIsComplete() throws {
        let entries = try Self.entries()
        #expect(Set(entries.map(\.id)).count == entries.count, "two entries share an id")
        let pages = Set(Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))
        let ids = Set(entries.map(\.id))
        for entry in entries {
            #expect(entry.problems.isEmpty, "\(entry.prosePath): \(entry.problems)")
            #expect(!pages.contains(entry.id), "\(entry.path): its id is a recipe's; DocC names pages by id")
            let named = entry.origins.flatMap(Self.backticked).filter { pages.contains($0) }
            #expect(
                !named.isEmpty || entry.origins.contains { $0.hasPrefix("No recipe") },
                "\(entry.prosePath): `## Where it comes from` names no recipe and doesn't say why none applies")
            for link in Self.entryLinks(in: [entry.meaning, entry.fix] + entry.temptingFixes + entry.origins) {
                #expect(ids.contains(link), "\(entry.prosePath) links `error:\(link)`, which is no entry")
            }
            for module in entry.uses {
                let path = "\(Rule.companionsFolder)/\(module).swift"
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(path)")
            }
            if entry.isRuntime {
                let text = try #require(entry.runtimeText, "\(entry.beforePath): a runtime entry needs a `// !` line")
                #expect(entry.templates.contains { $0.matches(text) }, "\(entry.prosePath): no message is `\(text)`")
                #expect(entry.annotations.isEmpty, "\(entry.beforePath): a runtime entry annotates no messages")
            } else {
                // Each template is the text of one of the messages the file annotates.
                for template in entry.templates {
                    #expect(
                        entry.annotations.contains { $0.kind != .note && template.matches($0.message) },
                        "\(entry.prosePath): `\(template.text)` is not a message of before.swift")
                }
                #expect(!entry.after.contains("@main"), "\(entry.afterPath): only runtime entries are programs")
            }
        }
    }

    /// A message belongs to one entry, so a log line leads to one place.
    @Test func noMessageBelongsToTwoEntries() throws {
        var owner: [String: String] = [:]
        for entry in try Self.entries() {
            for template in entry.templates {
                if let other = owner[template.text] {
                    Issue.record("`\(template.text)` is a message of \(other) and of \(entry.id)")
                }
                owner[template.text] = entry.id
            }
        }
    }

    @Test func templatesMatchAsPrinted() {
        let template = DiagnosticEntry.Template(text: "capture of '‹name›' with non-Sendable type '‹type›' in a '@Sendable' closure", group: nil)
        #expect(template.matches("capture of 'self' with non-Sendable type 'Loader' in a '@Sendable' closure"))
        #expect(template.matches("capture of 'x' with non-Sendable type 'Box<Int, [String]>' in a '@Sendable' closure"))
        #expect(!template.matches("capture of '' with non-Sendable type 'Loader' in a '@Sendable' closure"))
        #expect(!template.matches("capture of 'self' with non-Sendable type 'Loader' in a '@Sendable' local function"))
        #expect(DiagnosticEntry.Template(text: "x", group: "SendableClosureCaptures").groupURL
            == "https://docs.swift.org/compiler/documentation/diagnostics/sendable-closure-captures")
    }

    // MARK: - The compiler agrees

    @Test func everyBeforeGivesItsMessagesAndEveryAfterCompiles() async throws {
        let entries = try Self.entries()
        let compiler = try await ProgramChecks.swiftc(["--version"]).out
        let uses = Array(Set(entries.flatMap(\.uses))).sorted()
        let companions = try await ProgramChecks.companionFlags(uses, compiler: compiler)
        var batches: [(name: String, flags: [String], units: [CompileUnit])] = []
        for setting in Rule.Setting.allCases {
            let befores = entries.filter { !$0.isRuntime && $0.setting == setting }.map {
                CompileUnit(entry: $0, role: "before", text: $0.before, expected: $0.annotations, templates: $0.templates)
            }
            if !befores.isEmpty { batches.append(("before.swift, \(setting.rawValue)", setting.flags, befores)) }
            // Every fix compiles in both settings of an app, and in the setting of its message.
            let afters = entries.filter { !$0.isRuntime && [.swift6, .appTarget, $0.setting].contains(setting) }.map {
                CompileUnit(entry: $0, role: "after", text: $0.after, expected: [], templates: [])
            }
            if !afters.isEmpty {
                batches.append(("after.swift, \(setting.rawValue)", setting.flags + ["-warnings-as-errors"], afters))
            }
        }
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            var pending = batches[...]
            func startNext() {
                guard let batch = pending.popFirst() else { return }
                group.addTask {
                    let found = await Self.check(
                        batch.units, flags: batch.flags + companions.flags, keyTexts: companions.texts,
                        compiler: compiler)
                    failures.withLock { $0 += found.map { "\($0.key) (\(batch.name)): \($0.value)" } }
                }
            }
            startNext()
            startNext()
            while await group.next() != nil { startNext() }
        }
        for failure in failures.withLock({ $0 }).sorted() { Issue.record("\(failure)") }
    }

    @Test func everyRuntimeEntryEndsAsItSays() async throws {
        let entries = try Self.entries().filter(\.isRuntime)
        let compiler = try await ProgramChecks.swiftc(["--version"]).out
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            var pending = entries[...]
            func startNext() {
                guard let entry = pending.popFirst() else { return }
                group.addTask {
                    for failure in await Self.checkRuntime(entry, compiler: compiler) {
                        failures.withLock { $0.append("\(entry.path): \(failure)") }
                    }
                }
            }
            startNext()
            startNext()
            while await group.next() != nil { startNext() }
        }
        for failure in failures.withLock({ $0 }).sorted() { Issue.record("\(failure)") }
    }

    /// The check fails an entry whose file no longer says what the compiler does: one expected
    /// message cut short (the verifier's own `-verify` would accept a prefix), one reworded (a
    /// word of it changed, as a toolchain that rewords it would print), one note missing, and a runtime entry expecting a message its program doesn't print.
    @Test func anEntryThatNoLongerHoldsFails() async throws {
        let entries = try Self.entries()
        let compiler = try await ProgramChecks.swiftc(["--version"]).out
        let entry = try #require(entries.first { !$0.isRuntime && $0.setting == .swift6 && $0.uses.isEmpty })
        let annotation = try #require(entry.annotations.first { $0.kind == .error })
        var shortened = entry.annotations
        shortened[shortened.firstIndex(of: annotation)!] = DiagnosticEntry.Annotation(
            kind: .error, line: annotation.line, message: String(annotation.message.dropLast(3)))
        let cut = CompileUnit(entry: entry, role: "before-cut", text: entry.before, expected: shortened, templates: [])
        #expect(await !Self.check([cut], flags: entry.setting.flags, keyTexts: [], compiler: compiler).isEmpty)
        // A toolchain that rewords the message: one word of it changed, the rest as printed.
        var words = annotation.message.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        words[words.count / 2] = words[words.count / 2] == "the" ? "a" : "the"
        var reworded = entry.annotations
        reworded[reworded.firstIndex(of: annotation)!] = DiagnosticEntry.Annotation(
            kind: .error, line: annotation.line, message: words.joined(separator: " "))
        let rewordedUnit = CompileUnit(
            entry: entry, role: "before-reworded", text: entry.before, expected: reworded, templates: [])
        #expect(await !Self.check([rewordedUnit], flags: entry.setting.flags, keyTexts: [], compiler: compiler).isEmpty)
        if let note = entry.annotations.firstIndex(where: { $0.kind == .note }) {
            var fewer = entry.annotations
            fewer.remove(at: note)
            let unit = CompileUnit(entry: entry, role: "before-fewer", text: entry.before, expected: fewer, templates: [])
            #expect(await !Self.check([unit], flags: entry.setting.flags, keyTexts: [], compiler: compiler).isEmpty)
        }
        let runtime = try #require(entries.first { $0.isRuntime && $0.uses.isEmpty })
        let changed = runtime.before.replacingOccurrences(of: "// ! ", with: "// ! not what it prints: ")
        let wrong = try DiagnosticEntry(path: runtime.path, before: changed, after: runtime.after, prose: "")
        #expect(await !Self.checkRuntime(wrong, compiler: compiler).isEmpty)
    }

    // MARK: - Compiling many entries at once

    /// One file of a batch: an entry's `before.swift` or `after.swift`, and the messages it must give.
    struct CompileUnit: Sendable {
        let entry: DiagnosticEntry
        let role: String
        let text: String
        let expected: [DiagnosticEntry.Annotation]
        /// Templates whose group the compiler must print as the entry says.
        let templates: [DiagnosticEntry.Template]
        var name: String { "\(entry.id)-\(role)" }
    }

    /// One message as the compiler printed it (`-diagnostic-style llvm`).
    struct Printed: Equatable {
        let file: String
        let line: Int
        let kind: DiagnosticEntry.Annotation.Kind
        let message: String
        let group: String?

        /// `path:line:column: kind: message [#Group]`, or `nil` for a line that isn't a message.
        init?(_ line: Substring) {
            guard let swift = line.range(of: ".swift:") else { return nil }
            let fields = line[swift.upperBound...].split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let number = Int(fields[0]), Int(fields[1]) != nil,
                let kind = DiagnosticEntry.Annotation.Kind(rawValue: fields[2].trimmingCharacters(in: .whitespaces))
            else { return nil }
            file = String(line[..<swift.upperBound].dropLast())
            self.line = number
            self.kind = kind
            var message = String(fields[3].dropFirst())
            var group: String?
            if message.hasSuffix("]"), let marker = message.range(of: " [#", options: .backwards) {
                group = String(message[marker.upperBound...].dropLast())
                message = String(message[..<marker.lowerBound])
            }
            self.message = message
            self.group = group
        }
    }

    /// Compiles `units` together (each round one compiler invocation) and returns, for each unit
    /// that fails, why: unit name → failure.
    static func check(
        _ units: [CompileUnit], flags: [String], keyTexts: [String], compiler: String
    ) async -> [String: String] {
        var failures: [String: String] = [:]
        // A pass is kept per unit: the compiler, the flags, the file and what it must give.
        func marker(_ unit: CompileUnit) -> URL {
            let expected = unit.expected.sorted().map { "\($0.line) \($0.kind) \($0.message)" }
            let groups = unit.templates.map { "\($0.text) \($0.group ?? "")" }
            let key = ProgramChecks.fnv1a(
                ([compiler, unit.name, unit.text] + flags + keyTexts + expected + groups).joined(separator: "\u{0}"))
            return ProgramChecks.cache.appendingPathComponent("diagnostic-\(key)")
        }
        var pending = units.filter { !FileManager.default.fileExists(atPath: marker($0).path) }
        var round = 0
        while !pending.isEmpty {
            round += 1
            let compiled: [String: Result<[Printed], CompileFailure>]
            let batchHadErrors: Bool
            do {
                (compiled, batchHadErrors) = try await compile(pending, flags: flags)
            } catch {
                for unit in pending { failures[unit.name] = "\(error)" }
                return failures
            }
            var retry: [CompileUnit] = []
            for unit in pending {
                switch compiled[unit.name] {
                case .success(let printed)?:
                    switch verdict(unit, printed, batchHadErrors: batchHadErrors) {
                    case .passed:
                        try? Data().write(to: marker(unit))
                    case .partial where pending.count > 1:
                        // Errors in other files kept the compiler from building SIL: try again
                        // with the others that gave only part of their messages.
                        retry.append(unit)
                    case .partial, .failed:
                        if pending.count == 1 {
                            failures[unit.name] = describe(unit, printed)
                        } else {
                            // Alone, for a precise answer (or a batch that hides a collision).
                            retry.append(unit)
                        }
                    }
                case .failure(let failure)?:
                    failures[unit.name] = failure.description
                case nil:
                    failures[unit.name] = "the compiler said nothing about it"
                }
            }
            if retry.count == pending.count {
                // No progress together: compile each alone.
                for unit in retry {
                    let alone = await check([unit], flags: flags, keyTexts: keyTexts, compiler: compiler)
                    if let failure = alone[unit.name] {
                        failures[unit.name] = failure
                    } else if units.count > 1 {
                        failures[unit.name] =
                            "it gives its messages alone but not compiled with the other entries: does it declare a name another entry declares?"
                    }
                }
                return failures
            }
            pending = retry
        }
        return failures
    }

    enum Verdict { case passed, partial, failed }

    /// Whether `printed` (the unit's own messages) is exactly what it annotates, a part of it (the
    /// rest may be missing only because another file's error stopped the compiler before SIL), or
    /// wrong. A unit with no error of its own in a batch with errors is only a part: alone, the
    /// compiler would have gone on to build SIL and might have said more.
    static func verdict(_ unit: CompileUnit, _ printed: [Printed], batchHadErrors: Bool) -> Verdict {
        let got = printed.map { DiagnosticEntry.Annotation(kind: $0.kind, line: $0.line, message: $0.message) }.sorted()
        let expected = unit.expected.sorted()
        if got == expected {
            if batchHadErrors && !printed.contains(where: { $0.kind == .error }) { return .partial }
            for template in unit.templates {
                guard let message = printed.first(where: { $0.kind != .note && template.matches($0.message) }),
                    message.group == template.group
                else { return .failed }
            }
            return .passed
        }
        var remaining = expected
        for message in got {
            guard let index = remaining.firstIndex(of: message) else { return .failed }
            remaining.remove(at: index)
        }
        return .partial
    }

    static func describe(_ unit: CompileUnit, _ printed: [Printed]) -> String {
        let got = printed.map { DiagnosticEntry.Annotation(kind: $0.kind, line: $0.line, message: $0.message) }.sorted()
        let expected = unit.expected.sorted()
        var lines: [String] = []
        for message in got where !expected.contains(message) {
            lines.append("  given, not annotated: line \(message.line): \(message.kind): \(message.message)")
        }
        for message in expected where !got.contains(message) {
            lines.append("  annotated, not given: line \(message.line): \(message.kind): \(message.message)")
        }
        for template in unit.templates {
            if let message = printed.first(where: { $0.kind != .note && template.matches($0.message) }),
                message.group != template.group
            {
                lines.append(
                    "  `\(template.text)`: the compiler names the group \(message.group.map { "[#\($0)]" } ?? "(none)"),"
                        + " entry.md \(template.group.map { "[#\($0)]" } ?? "(none)")")
            }
        }
        return "\(unit.entry.path)/\(unit.role == "after" ? "after" : "before").swift:\n" + lines.joined(separator: "\n")
    }

    struct CompileFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Compiles `units` in one invocation (`-wmo`, so one frontend reads them all) and returns
    /// each unit's messages, or a failure when the compiler said something no file explains.
    static func compile(_ units: [CompileUnit], flags: [String]) async throws -> (
        [String: Result<[Printed], CompileFailure>], hadErrors: Bool
    ) {
        let key = ProgramChecks.fnv1a(units.map(\.name).joined(separator: "\u{0}") + UUID().uuidString)
        let folder = ProgramChecks.cache.appendingPathComponent("batch-\(key)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String: String] = [:]
        for unit in units {
            let url = folder.appendingPathComponent("\(unit.name).swift")
            try unit.text.write(to: url, atomically: true, encoding: .utf8)
            paths[url.path] = unit.name
        }
        let result = try await ProgramChecks.swiftc(
            ["-wmo", "-module-name", "DiagnosticsBatch", "-emit-sil", "-o", "/dev/null", "-diagnostic-style", "llvm"]
                + flags + units.map { folder.appendingPathComponent("\($0.name).swift").path })
        var printed: [String: [Printed]] = Dictionary(uniqueKeysWithValues: units.map { ($0.name, []) })
        var unexplained: [String] = []
        for line in (result.out + result.err).split(separator: "\n") {
            if let message = Printed(line) {
                if let name = paths[message.file] {
                    printed[name, default: []].append(message)
                } else if message.kind != .note {
                    unexplained.append(String(line))  // a message in no file of the batch
                }
            } else if line.contains(": error:") {
                unexplained.append(String(line))
            }
        }
        if !unexplained.isEmpty {
            let failure = CompileFailure(description: "the compiler says:\n" + unexplained.joined(separator: "\n"))
            return (Dictionary(uniqueKeysWithValues: units.map { ($0.name, .failure(failure)) }), true)
        }
        return (printed.mapValues { .success($0) }, result.status != 0)
    }

    // MARK: - Runtime entries

    /// Builds and runs a runtime entry's two programs: `before` must end as its header says,
    /// `after` must compile in both settings and run to the end in the Swift 6 mode.
    static func checkRuntime(_ entry: DiagnosticEntry, compiler: String) async -> [String] {
        var failures: [String] = []
        do {
            let companions = try await ProgramChecks.companionFlags(entry.uses, compiler: compiler)
            for check in entry.checks {
                let flags = check.setting.flags + companions.flags + ["-module-name", "before"]
                let folder = try programFolder(
                    "before", entry.before, flags: flags, compiler: compiler, companions: companions.texts)
                let input = folder.appendingPathComponent("before.swift")
                let program = folder.appendingPathComponent("before")
                if let failure = try await ProgramChecks.build(program, from: input, flags: flags) {
                    failures.append("before.swift: \(failure)")
                    continue
                }
                let arguments: [String]
                switch check.expectation {
                case .traps(_, let given), .hangs(_, let given), .prints(_, let given): arguments = given
                default: arguments = []
                }
                if let failure = try await ProgramChecks.outcome(of: program, arguments: arguments, expected: check.expectation) {
                    failures.append("before.swift: \(failure)")
                }
            }
            for setting in [Rule.Setting.swift6, .appTarget] {
                let flags = setting.flags + companions.flags + ["-module-name", "after"]
                let folder = try programFolder(
                    "after", entry.after, flags: flags, compiler: compiler, companions: companions.texts)
                let input = folder.appendingPathComponent("after.swift")
                let program = folder.appendingPathComponent("after")
                if let failure = try await ProgramChecks.build(program, from: input, flags: flags) {
                    failures.append("after.swift (\(setting.rawValue)): \(failure)")
                    continue
                }
                guard setting == .swift6 else { continue }
                let run = try await ProgramChecks.run(program, [])
                if run.status != 0 || run.signal != nil || run.timedOut {
                    failures.append("after.swift did not run to the end (exit \(run.status)):\n\(run.out)\(run.err)")
                }
            }
        } catch {
            failures.append("\(error)")
        }
        return failures
    }

    /// The cache folder of one program, its text written as `<name>.swift` and its module named
    /// `<name>` (so the names the runtime prints are what a reader compiling the file gets).
    static func programFolder(
        _ name: String, _ text: String, flags: [String], compiler: String, companions: [String]
    ) throws -> URL {
        let key = ProgramChecks.fnv1a(([compiler, name, text] + flags + companions).joined(separator: "\u{0}"))
        let folder = ProgramChecks.cache.appendingPathComponent("program-\(key)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
        return folder
    }

    // MARK: - Reading the prose

    /// The words in backticks of `texts`.
    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    /// The entry ids of the `[…](error:<id>)` links in `texts`.
    static func entryLinks(in texts: [String]) -> [String] {
        texts.flatMap { text in
            text.components(separatedBy: "](error:").dropFirst().map { String($0.prefix { $0 != ")" }) }
        }
    }
}
