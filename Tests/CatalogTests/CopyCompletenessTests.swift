import Catalog
import Foundation
import GuideKit
import RecipeKit
import Testing

/// "Copy this file" is true: every Legacy and Modern file type-checks alone in the Swift 6
/// language mode, together with exactly the files its page names, and so does its pattern (the
/// part above the driver marker) that the page shows side by side.
///
/// Modern files are checked twice: in this package's setting and in the one Xcode 26 gives a new
/// app target (default `MainActor` isolation and the approachable-concurrency features), where a
/// type that does not say `nonisolated` lands on the main actor. Warnings are errors in both.
///
/// Each check runs `swiftc` in a child process, two at a time (the machine has two cores): to SIL
/// for a whole file in the app-target setting, since type-checking alone (`-typecheck`) stops
/// before the data-race checks of region-based isolation (`sending 'x' risks causing data races`)
/// and nothing else compiles the Modern files in that setting; `-typecheck` otherwise. A check that passed is remembered under `.build/copy-check/`, keyed by a hash of the
/// compiler's version and every input, so a warm run re-checks only what changed. Each check runs
/// the compiler (`swift-frontend`) itself, with the arguments the driver would give it (asked once
/// per setting with `-###`): the driver's own start cost 0.1 s per `-typecheck` and 0.24 s per
/// `-emit-sil -wmo` here, some 45 s of a cold run on this 2-core machine.
@Suite struct CopyCompletenessTests {
    /// Where a reader pastes a file: the compiler flags of that setting.
    enum Setting: String, CaseIterable, Sendable, CustomStringConvertible {
        /// This package's own: the Modern target enables `NonisolatedNonsendingByDefault`.
        case package
        /// A new Xcode 26 app target; Modern files and `Sources/LegacyApp` are checked there.
        case appTarget

        func arguments(forModern modern: Bool) -> [String] {
            let base = ["-swift-version", "6", "-parse-as-library", "-warnings-as-errors"]
            switch self {
            case .package:
                return base + (modern ? ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"] : [])
            case .appTarget:
                return base + [
                    "-default-isolation", "MainActor",
                    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                    "-enable-upcoming-feature", "InferIsolatedConformances",
                ]
            }
        }

        var description: String { self == .package ? "this package's setting" : "an Xcode 26 app target's setting" }
    }

    /// One type-check: a recipe file (or only its pattern) with the files it needs.
    struct Check: Sendable, CustomStringConvertible {
        let file: String
        let patternOnly: Bool
        let needs: [String]
        var setting: Setting = .package
        /// Whether the file imports the C library (`cLibrary`), whose module map the compiler then needs.
        var importsCLibrary = false
        var isModern: Bool { file.hasPrefix("Sources/Modern/") }
        /// How far the compiler goes. Type-checking alone stops before the data-race checks of
        /// region-based isolation, which run on SIL; a whole file in the app-target setting is
        /// compiled to SIL because nothing else compiles it there (the package build compiles every
        /// file in this package's setting, and a pattern is a part of its file).
        var compilerMode: [String] {
            setting == .appTarget && !patternOnly ? ["-emit-sil", "-wmo", "-o", "/dev/null"] : ["-typecheck"]
        }
        var description: String {
            (patternOnly ? "the pattern of " : "") + file
                + (needs.isEmpty ? "" : " with " + needs.joined(separator: ", ")) + ", in \(setting)"
        }
    }

    static let root = GuideGenerator.packageRoot

    /// Where the build puts `TransferKit`, the fake SDK a recipe file imports as an app imports a
    /// framework (`delegate-conformance-isolation`), and the SDK's source, part of each check's key.
    static let sdkModules = root.appendingPathComponent(".build/debug/Modules")
    static let sdkSource = "Sources/TransferKit/TransferSession.swift"
    /// The C library a recipe file imports as an app imports one (`c-callback-stream`): its
    /// `include` folder, which holds its module map, and its header, part of the key of each check
    /// of a file that imports it.
    static let cLibrary = (module: "CDeviceSim", include: "Sources/CDeviceSim/include", header: "CDeviceSim.h")

    /// Every check of `setting`: each `.swift` file below `Sources/Legacy` and `Sources/Modern`
    /// (Modern and `Sources/LegacyApp` in an app target), whole and as its pattern when it has a driver.
    static func checks(in setting: Setting) throws -> [Check] {
        var needs: [String: [String]] = [:]
        for recipe in Catalog.recipes {
            needs[recipe.legacyPath] = recipe.legacyNeeds.map { "Sources/\(recipe.legacyFolder)/\($0)" }
            needs[recipe.modernPath] = recipe.modernNeeds.map { "Sources/Modern/\($0)" }
        }
        var checks: [Check] = []
        // `Sources/LegacyApp` is legacy code as an app target compiles it: checked in that setting only.
        let folders =
            setting == .package ? ["Sources/Legacy", "Sources/Modern"] : ["Sources/Modern", "Sources/LegacyApp"]
        for folder in folders {
            for file in try swiftFiles(below: folder) {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                let importsCLibrary = text.contains("import \(cLibrary.module)\n")
                checks.append(
                    Check(
                        file: file, patternOnly: false, needs: needs[file] ?? [], setting: setting,
                        importsCLibrary: importsCLibrary))
                if text.contains("\n" + GuideGenerator.driverMarker) {
                    checks.append(
                        Check(
                            file: file, patternOnly: true, needs: needs[file] ?? [], setting: setting,
                            importsCLibrary: importsCLibrary))
                }
            }
        }
        return checks
    }

    @Test(arguments: Setting.allCases)
    func everyRecipeFileAndPatternTypeChecksWithTheFilesItsPageNames(in setting: Setting) async throws {
        let checks = try Self.checks(in: setting)
        #expect(checks.count >= (setting == .package ? 2 : 1) * Catalog.recipes.count)
        let compiler = try await Self.run(["swiftc", "--version"]).output
        var commands: [[String]: FrontendCommand] = [:]
        for arguments in Set(checks.map(Self.driverArguments)) {
            commands[arguments] = try await FrontendCommand(driverArguments: arguments)
        }
        let frontends = commands
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            var pending = checks[...]
            func startNext() {
                guard let check = pending.popFirst() else { return }
                group.addTask {
                    let frontend = frontends[Self.driverArguments(check)]
                    if let failure = await Self.typeCheck(check, compiler: compiler, frontend: frontend) {
                        failures.withLock { $0.append(failure) }
                    }
                }
            }
            startNext()
            startNext()
            while await group.next() != nil { startNext() }
        }
        for failure in failures.withLock({ $0 }).sorted() { Issue.record("\(failure)") }
    }

    @Test func everyNeededFileExists() throws {
        for recipe in Catalog.recipes {
            for path in recipe.legacyNeeds.map({ "Sources/\(recipe.legacyFolder)/\($0)" })
                + recipe.modernNeeds.map({ "Sources/Modern/\($0)" })
            {
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                    "\(recipe.id) names \(path), which does not exist")
            }
        }
    }

    /// The `swiftc` arguments of `check`, without its input files.
    static func driverArguments(_ check: Check) -> [String] {
        ["swiftc"] + check.compilerMode + ["-I", sdkModules.path]
            + (check.importsCLibrary ? ["-I", root.appendingPathComponent(cLibrary.include).path] : [])
            + check.setting.arguments(forModern: check.isModern)
    }

    /// The compiler command the driver runs for one set of arguments, with a place for the inputs.
    ///
    /// Asked of the driver itself (`swiftc -### … file.swift` prints the commands it would run), so
    /// the compiler gets exactly the driver's flags (target, module name, macro plugin paths). For
    /// several input files the driver starts one compiler per file (`-primary-file`); one compiler
    /// given them all checks the same module in one process, with the same diagnostics.
    struct FrontendCommand: Sendable {
        let before: [String]
        let after: [String]

        /// `nil` when the driver's answer is not one plain command (quoted arguments, several
        /// jobs): the check then runs the driver as a reader would.
        init?(driverArguments: [String]) async throws {
            let placeholder = "/copy-check-placeholder.swift"
            let result = try await CopyCompletenessTests.run(driverArguments + ["-###", placeholder])
            let lines = result.output.split(separator: "\n").filter { $0.contains(placeholder) }
            guard result.status == 0, lines.count == 1, !lines[0].contains("\""), !lines[0].contains("'")
            else { return nil }
            var words = lines[0].split(separator: " ").map(String.init)
            words.removeAll { $0 == "-primary-file" }
            guard words.first?.hasSuffix("swift-frontend") == true, words.filter({ $0 == placeholder }).count == 1,
                let index = words.firstIndex(of: placeholder)
            else { return nil }
            before = Array(words[..<index])
            after = Array(words[(index + 1)...])
        }

        func command(inputs: [String]) -> [String] { before + inputs + after }
    }

    /// `nil` when the check passes, else what the compiler said.
    static func typeCheck(_ check: Check, compiler: String, frontend: FrontendCommand? = nil) async -> String? {
        do {
            var inputs: [String] = []
            var texts: [String] = []
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("copy-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            for (index, path) in ([check.file] + check.needs).enumerated() {
                var text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                if index == 0 && check.patternOnly, let marker = text.range(of: "\n" + GuideGenerator.driverMarker) {
                    text = String(text[..<marker.lowerBound]) + "\n"
                }
                let copy = directory.appendingPathComponent("\(index)-" + (path as NSString).lastPathComponent)
                try text.write(to: copy, atomically: true, encoding: .utf8)
                inputs.append(copy.path)
                texts.append(text)
            }
            let arguments = driverArguments(check)
            var sdk = try String(contentsOf: root.appendingPathComponent(sdkSource), encoding: .utf8)
            if check.importsCLibrary {
                sdk += try String(
                    contentsOf: root.appendingPathComponent(cLibrary.include).appendingPathComponent(cLibrary.header),
                    encoding: .utf8)
            }
            let key = fnv1a(([compiler] + arguments + texts + [sdk]).joined(separator: "\u{0}"))
            let cache = root.appendingPathComponent(".build/copy-check/\(key)")
            if FileManager.default.fileExists(atPath: cache.path) { return nil }
            let result = try await run(frontend?.command(inputs: inputs) ?? arguments + inputs)
            guard result.status == 0 else {
                return "\(check) does not type-check (swiftc exit \(result.status)):\n\(result.output)"
            }
            try FileManager.default.createDirectory(
                at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(check.description.utf8).write(to: cache)
            return nil
        } catch {
            return "\(check): \(error)"
        }
    }

    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await onOwnThread(name: "copy-check") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(ProgramChecks.compilerEnvironment) { $1 }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }

    static func swiftFiles(below folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = try FileManager.default.subpathsOfDirectory(atPath: base.path)
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return String(hash, radix: 16)
    }
}
