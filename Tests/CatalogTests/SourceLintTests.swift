import Catalog
import Foundation
import RecipeKit
import Testing

/// Each half speaks only its own language: no Dispatch or locks in Modern, no async in Legacy.
///
/// Comments and string literals are stripped first, so a doc comment can name the API it
/// replaces. A recipe (or a note's code) whose catalog entry says it is about bridging is exempt.
@Suite struct SourceLintTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What Modern code must not use.
    static let forbiddenInModern = [
        #"\bDispatch[A-Z]\w*"#, #"\bimport\s+Dispatch\b"#, #"\bThread\b"#, #"\bOperationQueue\b"#,
        #"\b(Block)?Operation\b"#, #"\bNSLock\b"#, #"\bNSRecursiveLock\b"#, #"\bNSCondition(Lock)?\b"#,
        #"\bRunLoop\b"#, #"\bTimer\b"#, #"\bpthread_\w+"#, #"@unchecked\s+Sendable"#, #"nonisolated\(unsafe\)"#,
    ]

    /// What Legacy code must not use.
    static let forbiddenInLegacy = [
        #"\bawait\b"#, #"\basync\s+(let|func|throws|->)"#, #"\)\s*async\b"#, #"\bactor\b"#, #"\bTask\s*[\{\(\.<]"#,
        #"\bTask\.\w+"#, #"\bwith(Throwing)?TaskGroup\b"#, #"\bwithDiscardingTaskGroup\b"#,
        #"\bAsync(Throwing)?Stream\b"#,
        #"\bwith(Checked|Unsafe)(Throwing)?Continuation\b"#, #"@MainActor\b"#,
    ]

    static func swiftFiles(in folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" {
                files.append(String(url.path.dropFirst(base.path.count + 1)))
            }
        }
        return files.sorted()
    }

    static let bridging = Set(
        Catalog.recipes.filter(\.isBridging).map(\.file) + Catalog.notes.filter(\.isBridging).compactMap(\.file))

    /// The code of a file with comments and string literals removed.
    static func code(_ text: String) -> String {
        var output = ""
        var index = text.startIndex
        func starts(_ prefix: String) -> Bool { text[index...].hasPrefix(prefix) }
        while index < text.endIndex {
            if starts("//") {
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
            } else if starts("/*") {
                index = text.range(of: "*/", range: index..<text.endIndex)?.upperBound ?? text.endIndex
            } else if starts("\"\"\"") {
                let after = text.index(index, offsetBy: 3)
                index = text.range(of: "\"\"\"", range: after..<text.endIndex)?.upperBound ?? text.endIndex
                output += "\"\""
            } else if starts("\"") {
                var cursor = text.index(after: index)
                while cursor < text.endIndex, text[cursor] != "\"", text[cursor] != "\n" {
                    cursor = text.index(after: text[cursor] == "\\" ? text.index(after: cursor) : cursor)
                }
                index = cursor < text.endIndex ? text.index(after: cursor) : cursor
                output += "\"\""
            } else {
                output.append(text[index])
                index = text.index(after: index)
            }
        }
        return output
    }

    static func violations(in folder: String, file: String, patterns: [String]) throws -> [String] {
        let text = try String(
            contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
        let code = code(text)
        return try patterns.compactMap { pattern in
            let regex = try NSRegularExpression(pattern: pattern)
            let range = NSRange(code.startIndex..., in: code)
            guard let match = regex.firstMatch(in: code, range: range), let found = Range(match.range, in: code) else {
                return nil
            }
            return "\(folder)/\(file) uses `\(code[found])`"
        }
    }

    @Test(arguments: swiftFiles(in: "Sources/Modern"))
    func modernSourcesUseNoDispatchThreadsOrLocks(_ file: String) throws {
        guard !Self.bridging.contains(file) else { return }
        let problems = try Self.violations(in: "Sources/Modern", file: file, patterns: Self.forbiddenInModern)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Legacy files, in `Sources/Legacy` and in `Sources/LegacyApp` (built as an app target).
    static let legacyFiles = ["Sources/Legacy", "Sources/LegacyApp"].flatMap { folder in
        swiftFiles(in: folder).map { "\(folder)/\($0)" }
    }

    @Test(arguments: legacyFiles)
    func legacySourcesUseNoAsyncActorsOrTasks(_ path: String) throws {
        let folder = path.hasPrefix("Sources/LegacyApp/") ? "Sources/LegacyApp" : "Sources/Legacy"
        let file = String(path.dropFirst(folder.count + 1))
        guard !Self.bridging.contains(file) else { return }
        let problems = try Self.violations(in: folder, file: file, patterns: Self.forbiddenInLegacy)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// A guide page shows a recipe's two files side by side, so each of their lines fits in 80 columns.
    static let recipeLineLimit = 80

    static let recipeFiles = ["Sources/Legacy", "Sources/LegacyApp", "Sources/Modern"].flatMap { folder in
        swiftFiles(in: folder).map { "\(folder)/\($0)" }
    }

    @Test(arguments: recipeFiles)
    func recipeLinesFitInEightyColumns(_ path: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            #expect(
                line.count <= Self.recipeLineLimit,
                "\(path):\(index + 1) is \(line.count) characters long (at most \(Self.recipeLineLimit))")
        }
    }

    @Test func everyRecipeHasBothHalvesItsTestsAndAUniqueId() throws {
        var ids: Set<String> = []
        for recipe in Catalog.recipes {
            #expect(ids.insert(recipe.id).inserted, "duplicate id \(recipe.id)")
            for path in [recipe.legacyPath, recipe.modernPath, recipe.testPath] {
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                    "\(recipe.id): no \(path)")
            }
            #expect(recipe.file.hasPrefix(recipe.chapter.folder + "/"), "\(recipe.id) is filed outside its chapter")
            #expect(!recipe.scenarios.isEmpty)
            #expect(
                Set(recipe.scenarios.map(\.name)).count == recipe.scenarios.count,
                "\(recipe.id): duplicate scenario names")
        }
    }

    /// A guide note's entry, its two code files when it has code, and the test files it shows
    /// exist where its page links them; its id is unique among recipes and notes.
    @Test func everyNoteHasItsEntryAndCodeAndAUniqueId() throws {
        var ids = Set(Catalog.recipes.map(\.id))
        for note in Catalog.notes {
            #expect(ids.insert(note.id).inserted, "duplicate id \(note.id)")
            #expect(!note.instead.isEmpty && !note.apis.isEmpty, "\(note.id) says nothing to do instead")
            var paths = [note.entryPath]
            if let file = note.file {
                #expect(file.hasPrefix(note.chapter.folder + "/"), "\(note.id) is filed outside its chapter")
                paths += [note.legacyPath, note.modernPath].compactMap { $0 }
            }
            for test in note.testFiles {
                #expect(test.hasPrefix("Tests/") && test.hasSuffix(".swift"), "\(note.id): \(test) is not a test file")
                paths.append(test)
            }
            for path in paths {
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                    "\(note.id): no \(path)")
            }
        }
    }

    @Test func theStripperKeepsCodeAndDropsCommentsAndStrings() {
        let stripped = Self.code(
            """
            let a = DispatchQueue.main // DispatchQueue
            /* Thread */ let b = "Thread \\"quoted\\" Thread"
            let c = \"\"\"
                Thread
                \"\"\"
            """)
        #expect(stripped.contains("DispatchQueue.main"))
        #expect(!stripped.contains("Thread"))
        #expect(stripped.contains("let c ="))
    }

    /// A loop whose body is only a yield or a pause: `while`, a one-line condition (closures in it
    /// allowed), then `await Task.yield()`, `sched_yield()`, `usleep(…)` or `Thread.sleep(…)`; or
    /// `repeat { … } while` around one of them.
    static let bareYieldLoop: NSRegularExpression = {
        let pause = #"(?:(?:try\s+)?await\s+Task\.yield\(\)|sched_yield\(\)|usleep\([^()\n]*\)|Thread\.sleep\([^()\n]*\))"#
        return try! NSRegularExpression(
            pattern: #"\bwhile\b(?:[^{}\n]|\{[^{}\n]*\})*?\{\s*"# + pause + #"\s*;?\s*\}"#
                + #"|\brepeat\s*\{\s*"# + pause + #"\s*;?\s*\}\s*while\b"#)
    }()

    /// The bare yield loops in `code`, each as its first line.
    static func bareYieldLoops(in code: String) -> [String] {
        bareYieldLoop.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            Range(match.range, in: code).map { code[$0].split(separator: "\n").first.map(String.init) ?? "" }
        }
    }

    /// Every test that waits for a condition by yielding goes through `eventually`
    /// (`Tests/RecipeTests/Eventually.swift`), which ends at the test's cancellation (its suite's
    /// time limit) and after a bound, with an issue at the caller's line. A bare
    /// `while !done { await Task.yield() }` can spin for ever when a race makes `done` impossible:
    /// one ran until CI's 90-minute limit.
    @Test func testsWaitThroughEventuallyNotABareYieldLoop() throws {
        let files = ["Tests/RecipeTests", "Tests/CatalogTests", "Tests/RecipeKitTests", "Tests/ScanTests", "Tests/BenchTests"]
            .flatMap { folder in Self.swiftFiles(in: folder).map { "\(folder)/\($0)" } }
            .filter { !$0.hasSuffix("RecipeTests/Eventually.swift") && !$0.contains("/Fixtures/") && !$0.contains("/Corpus/") }
        #expect(files.count > 100)
        var loops: [String] = []
        for path in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            guard ["Task.yield", "sched_yield", "usleep", "Thread.sleep"].contains(where: text.contains) else { continue }
            loops += Self.bareYieldLoops(in: Self.code(text)).map { "\(path): \($0)" }
        }
        #expect(
            loops.isEmpty,
            "wait with `try await eventually { condition }` (on a thread: `eventuallyOnThisThread`) instead: \(loops)")
    }

    /// The lint finds the shapes it names, across lines and with a closure in the condition, and
    /// leaves a bounded loop and a loop that does more than yield alone.
    @Test func theYieldLoopLintFindsBareLoopsOnly() {
        let found = Self.bareYieldLoops(
            in: """
                while pool.queuedCount < 5 { await Task.yield() }
                while devices.contains(where: { $0.count == 0 }) {
                    await Task.yield()
                }
                repeat { await Task.yield() } while !done
                while pool.waitingCount < 3 { sched_yield() }
                while !ready { Thread.sleep(forTimeInterval: 0.000_1) }
                repeat { usleep(100) } while !ready
                for _ in 0..<10 { await Task.yield() }
                while !ready { Thread.sleep(forTimeInterval: 0.1); count += 1 }
                guard eventuallyOnThisThread({ pool.waitingCount >= 3 }) else { return }
                while let next = await iterator.next() { items.append(next) }
                try await eventually { pool.queuedCount >= 5 }
                """)
        #expect(
            found == [
                "while pool.queuedCount < 5 { await Task.yield() }",
                "while devices.contains(where: { $0.count == 0 }) {",
                "repeat { await Task.yield() } while",
                "while pool.waitingCount < 3 { sched_yield() }",
                "while !ready { Thread.sleep(forTimeInterval: 0.000_1) }",
                "repeat { usleep(100) } while",
            ])
    }
}
