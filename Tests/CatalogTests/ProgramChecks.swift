import Foundation
import GuideKit
import RecipeKit

/// Compiling and running the small programs the suite checks: the rules under `Rules/` and the
/// diagnostics under `Diagnostics/`.
///
/// A compile that passed, and a built program, are kept under `.build/rule-check/`, keyed by a
/// hash of the compiler's version, the flags and every input, so a warm run re-compiles only what
/// changed; programs run every time.
enum ProgramChecks {
    static let root = GuideGenerator.packageRoot
    static let cache = root.appendingPathComponent(".build/rule-check")

    static func swiftc(_ arguments: [String]) async throws -> CommandRun {
        try await CommandRun.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, environment: compilerEnvironment,
            threadName: "rule-check")
    }

    /// `TMPDIR` for the compilers the suite starts: a folder under `.build/`.
    ///
    /// On Linux every `swiftc` run leaves an empty `TemporaryDirectory.XXXXXX` folder (a
    /// `.keep-directory` file inside) in the temporary folder (seen with Swift 6.3.1: one per
    /// `swiftc -typecheck`); the suite runs some hundreds, and a day's runs left 16,000 in `/tmp`.
    /// Under `.build/` they go with the build.
    static let compilerEnvironment: [String: String] = {
        let folder = root.appendingPathComponent(".build/compiler-tmp")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return ["TMPDIR": folder.path]
    }()

    /// Builds `program` from `input` unless it is built; `nil` when it is, else why not.
    static func build(_ program: URL, from input: URL, flags: [String]) async throws -> String? {
        if FileManager.default.isExecutableFile(atPath: program.path) { return nil }
        // A name of its own: two checks of one program (two `// Check:` lines that run it) may build
        // it at the same time, and on a cold cache they did, into one `.partial` file.
        let partial = program.appendingPathExtension("partial-\(UUID().uuidString)")
        let result = try await swiftc(flags + ["-warnings-as-errors", input.path, "-o", partial.path])
        guard result.status == 0 else { return "it does not compile (exit \(result.status)):\n\(result.out)\(result.err)" }
        do {
            try FileManager.default.moveItem(at: partial, to: program)
        } catch {
            // The other check got there first with the same program: keep its copy.
            guard FileManager.default.isExecutableFile(atPath: program.path) else { throw error }
            try? FileManager.default.removeItem(at: partial)
        }
        return nil
    }

    /// The flags that let a program `import` its companion modules, each built once (Swift 5 mode,
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
                do {
                    try FileManager.default.moveItem(at: building, to: folder)
                } catch {
                    // Another check built the same companion first: keep its copy.
                    guard FileManager.default.fileExists(atPath: library.path) else { throw error }
                    try? FileManager.default.removeItem(at: building)
                }
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

    /// `nil` when `program`, run with `arguments`, ends as `expected` says (`prints`, `traps` or
    /// `hangs`), else what it did instead.
    static func outcome(of program: URL, arguments: [String], expected: Rule.Expectation) async throws -> String? {
        switch expected {
        case .prints(let lines, _):
            let run = try await Self.run(program, arguments)
            guard !run.timedOut else { return "it was still running after 60 s" }
            guard run.signal == nil else { return "it crashed (signal \(run.signal!)):\n\(run.err)" }
            let printed = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !$0.isEmpty }
            return printed == lines ? nil : "it printed\n\(printed.joined(separator: "\n"))\nnot\n\(lines.joined(separator: "\n"))"
        case .traps(let text, _):
            let run = try await Self.run(program, arguments)
            guard !run.timedOut else { return "it was still running after 60 s" }
            guard run.signal != nil else { return "it did not trap (exit \(run.status)):\n\(run.out)\(run.err)" }
            return run.err.contains(text) ? nil : "it trapped without `\(text)` in its standard error:\n\(run.err)"
        case .hangs(let text, _):
            let run = try await Self.run(program, arguments, stopOnStandardError: text)
            guard run.stoppedOnText else {
                return run.timedOut
                    ? "it was still running after 60 s without `\(text)` in its standard error:\n\(run.err)"
                    : "it ended (exit \(run.status)) instead of hanging after `\(text)`:\n\(run.out)\(run.err)"
            }
            return nil
        case .compiles, .rejects, .darwinOnly:
            return nil
        }
    }

    /// How a program ended: its exit status or the signal that killed it, and its output.
    struct ProgramRun {
        let status: Int32
        let signal: Int32?
        let timedOut: Bool
        /// It was stopped because its standard error held the text it was run until.
        let stoppedOnText: Bool
        let out: String
        let err: String
    }

    /// Runs `program`, its standard output to a file and its standard error read as it comes;
    /// stops it once the standard error holds `stopOnStandardError` (a program expected to hang
    /// after a message), and kills it if it is still running after 60 s (a program that hangs
    /// unexpectedly is a failing check, not a hung suite).
    static func run(_ program: URL, _ arguments: [String], stopOnStandardError text: String? = nil) async throws
        -> ProgramRun
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out")
        try Data().write(to: outURL)
        let out = try FileHandle(forWritingTo: outURL)
        let errors = Pipe()
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no"
        process.environment = environment
        process.standardOutput = out
        process.standardError = errors
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in end.yield() }
        try process.run()
        let stopped = Locked(false)
        let timedOut = Locked(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            timedOut.withLock { $0 = true }
            process.terminate()
        }
        // Standard error is read on a thread of its own (never a cooperative thread), to its end.
        let errText = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            let reader = Thread {
                var data = Data()
                while true {
                    let chunk = errors.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                    if let text, !stopped.withLock({ $0 }), String(decoding: data, as: UTF8.self).contains(text) {
                        stopped.withLock { $0 = true }
                        process.terminate()
                    }
                }
                done.resume(returning: String(decoding: data, as: UTF8.self))
            }
            reader.name = "program-stderr"
            reader.start()
        }
        for await _ in ended { break }
        watchdog.cancel()
        try out.close()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return ProgramRun(
            status: process.terminationStatus, signal: signal, timedOut: timedOut.withLock { $0 },
            stoppedOnText: stopped.withLock { $0 }, out: try String(contentsOf: outURL, encoding: .utf8),
            err: errText)
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return String(hash, radix: 16)
    }
}
