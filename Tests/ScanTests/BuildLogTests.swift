import Foundation
import RecipeKit
import ScanKit
import Testing

/// `scan --build-log`: a real log, the compiler's output for every compile-time entry's
/// `before.swift` under `Diagnostics/` in its setting (the Swift 6 mode, an app target, the
/// migration mode), names every entry; a log with only other errors names none and exits 0.
///
/// The log is what one compiler invocation per setting prints for all the files of that setting
/// (as a module's build would), plus, for a file that said nothing there (a region-isolation
/// error comes only once SIL is built, which another file's type error prevents), what it prints
/// alone. It is kept under `.build/build-log-check`, keyed by the compiler and the inputs.
@Suite(.timeLimit(.minutes(10)))
struct BuildLogTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cache = root.appendingPathComponent(".build/build-log-check")

    static func swiftc(_ arguments: [String], in directory: URL? = nil) async throws -> CommandRun {
        try await CommandRun.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, directory: directory, threadName: "build-log")
    }

    /// The compiler's output for the corpus, each setting's files compiled together.
    static func corpusLog(_ entries: [DiagnosticEntry]) async throws -> String {
        let compiler = try await swiftc(["--version"]).out
        let companions = Array(Set(entries.flatMap(\.uses))).sorted()
        let companionTexts = try companions.map {
            try String(contentsOf: root.appendingPathComponent("\(Rule.companionsFolder)/\($0).swift"), encoding: .utf8)
        }
        let key = fnv1a(([compiler] + companionTexts + entries.map { "\($0.path)\u{0}\($0.before)" }).joined(separator: "\u{0}"))
        let folder = cache.appendingPathComponent(key)
        let logFile = folder.appendingPathComponent("build.log")
        if let log = try? String(contentsOf: logFile, encoding: .utf8) { return log }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var companionFlags: [String] = []
        for module in companions {
            let result = try await swiftc([
                "-swift-version", "5", "-parse-as-library", "-emit-module", "-module-name", module,
                "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path,
                root.appendingPathComponent("\(Rule.companionsFolder)/\(module).swift").path,
            ])
            #expect(result.status == 0, "\(module): \(result.err)")
            companionFlags = ["-I", folder.path]
        }
        var log = ""
        for setting in Rule.Setting.allCases {
            let befores = entries.filter { $0.setting == setting }
            guard !befores.isEmpty else { continue }
            let sources = folder.appendingPathComponent(setting.rawValue)
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            for entry in befores {
                try entry.before.write(to: sources.appendingPathComponent("\(entry.id).swift"), atomically: true, encoding: .utf8)
            }
            let flags = ["-emit-sil", "-o", "/dev/null", "-module-name", "App"] + setting.flags + companionFlags
            let together = try await swiftc(
                ["-wmo"] + flags + befores.map { sources.appendingPathComponent("\($0.id).swift").path })
            log += together.out + together.err
            for entry in befores where !log.contains("/\(entry.id).swift:") {
                let alone = try await swiftc(flags + [sources.appendingPathComponent("\(entry.id).swift").path])
                log += alone.out + alone.err
            }
        }
        try log.write(to: logFile, atomically: true, encoding: .utf8)
        return log
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return String(hash, radix: 16)
    }

    @Test func aLogOfTheCorpusNamesEveryEntry() async throws {
        let entries = try BuildLog.entries()
        let compileTime = entries.filter { !$0.isRuntime }
        let text = try await Self.corpusLog(compileTime)
        for setting in [Rule.Setting.swift6, .appTarget] {
            let files = compileTime.filter { $0.setting == setting }.map { "/\(setting.rawValue)/\($0.id).swift:" }
            #expect(files.contains { text.contains($0) }, "the log has no message of \(setting.rawValue)")
        }
        let log = BuildLog(log: text, entries: entries)
        let found = Set(log.recognised.compactMap { $0.entry?.id })
        for entry in compileTime {
            #expect(found.contains(entry.id), "\(entry.id): none of its messages was recognised")
        }
        // Every error of the log is an entry's message: each `before.swift` gives only messages its entry lists.
        #expect(log.unrecognised.isEmpty, "\(log.unrecognised.map(\.messages))")

        // The same through the executable, as JSON.
        let file = Self.cache.appendingPathComponent("corpus-\(UUID().uuidString).log")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await CommandRun.run(CommandRun.builtExecutable(named: "scan"), ["--build-log", file.path, "--json"])
        #expect(run.status == 0, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let listed = (json["entries"] as? [[String: Any]] ?? []).compactMap { $0["entry"] as? String }
        #expect(Set(listed) == found)
        let counts = (json["entries"] as? [[String: Any]] ?? []).compactMap { $0["count"] as? Int }
        #expect(counts == counts.sorted(by: >), "most frequent first")

        // `-` reads standard input, and --format markdown links each entry's page.
        let piped = try await CommandRun.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "\"$0\" --build-log - --format markdown < \"$1\"", CommandRun.builtExecutable(named: "scan").path, file.path])
        #expect(piped.status == 0, "\(piped.err)")
        for id in found { #expect(piped.out.contains("](Guide/errors/\(id).md)"), "\(id) is not in the Markdown report") }
    }

    @Test func aLogWithOtherErrorsOnlyListsNothing() async throws {
        let folder = Self.cache.appendingPathComponent("other-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Typos.swift")
        try """
            let count: Int = "three"
            func total() -> Int { undefinedTotal }
            struct Point { let x: Int }
            let origin = Point(x: 0, y: 0)
            let downloadTask = makeAsyncTask(for: actorID)
            """.write(to: source, atomically: true, encoding: .utf8)
        let compiled = try await Self.swiftc(["-swift-version", "6", "-typecheck", source.path])
        #expect(compiled.status != 0)
        let log = folder.appendingPathComponent("build.log")
        try (compiled.out + compiled.err).write(to: log, atomically: true, encoding: .utf8)
        #expect(BuildLog(log: compiled.out + compiled.err, entries: try BuildLog.entries()).isEmpty)
        let run = try await CommandRun.run(CommandRun.builtExecutable(named: "scan"), ["--build-log", log.path])
        #expect(run.status == 0)
        #expect(run.out.contains("no concurrency diagnostics"), "\(run.out)")
    }

    @Test func anUnreadableLogIsAClearError() async throws {
        let missing = Self.cache.appendingPathComponent("no-such-\(UUID().uuidString).log").path
        let run = try await CommandRun.run(CommandRun.builtExecutable(named: "scan"), ["--build-log", missing])
        #expect(run.status == 66)
        #expect(run.err.contains("cannot read the build log \(missing)"))
    }

    /// Xcode writes a message with a capital letter; the Swift 5 mode adds an ending; a log
    /// repeats a line; a concurrency-looking message with no entry is listed, never dropped.
    @Test func messagesAreReadAsXcodeAndTheSwift5ModePrintThem() throws {
        let entries = try BuildLog.entries()
        let log = BuildLog(
            log: """
                /App/Feed.swift:8:13: Capture of 'self' with non-Sendable type 'FeedLoader' in a '@Sendable' closure
                /App/Feed.swift:9:13: warning: capture of 'self' with non-Sendable type 'FeedLoader' in a '@Sendable' closure; this is an error in the Swift 6 language mode [#SendableClosureCaptures]
                /App/Feed.swift:9:13: warning: capture of 'self' with non-Sendable type 'FeedLoader' in a '@Sendable' closure; this is an error in the Swift 6 language mode [#SendableClosureCaptures]
                /App/Feed.swift:3:7: note: class 'FeedLoader' does not conform to the 'Sendable' protocol
                /App/Other.swift:1:1: error: some future actor-isolated message nobody has met
                """, entries: entries)
        #expect(log.recognised.map { $0.entry?.id } == ["capture-in-a-sendable-closure"])
        #expect(log.recognised.first?.count == 2)
        #expect(log.unrecognised.map(\.messages) == [["some future actor-isolated message nobody has met"]])
        #expect(!BuildLog.looksLikeConcurrency("cannot find 'makeAsyncTask' in scope"))
        #expect(BuildLog.looksLikeConcurrency("'async' let in a function that does not support concurrency"))
    }
}
