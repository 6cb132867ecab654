import Catalog
import Foundation
import GuideKit
import RecipeKit
import Testing

/// Each copy line states the oldest iOS and macOS its pattern runs on, and the table it is worked
/// out from says what the toolchain's own interfaces say.
@Suite struct AvailabilityTests {
    @Test(arguments: Catalog.recipes.map(\.id))
    func everyCopyLineStatesItsPatternsAvailability(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        let availability = try GuideGenerator.availability(of: recipe)
        let path = "Guide/\(recipe.chapter.slug)/\(recipe.id).md"
        let page = try String(contentsOf: GuideGenerator.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let copyLine = page.range(of: "**To copy this recipe:**")
        let stated = page.range(of: "\n" + availability.sentence + "\n")
        #expect(copyLine != nil, "\(path) has no copy line")
        #expect(stated != nil, "\(path) does not say \"\(availability.sentence)\"")
        if let copyLine, let stated {
            #expect(copyLine.upperBound <= stated.lowerBound, "\(path): the availability follows the copy line")
        }
    }

    /// A side variant in a later section (here `readers-writer-barrier`'s `Mutex` form) does not
    /// raise what the recommended pattern needs; its block and the copy line say what it needs.
    @Test(arguments: Catalog.recipes.map(\.id))
    func everyVariantThatNeedsANewerOSSaysSo(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        let path = "Guide/\(recipe.chapter.slug)/\(recipe.id).md"
        let page = try String(contentsOf: GuideGenerator.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let recommended = try GuideGenerator.availability(of: recipe)
        for variant in try GuideGenerator.variantAvailability(of: recipe) {
            #expect(variant.availability.needsMore(than: recommended))
            #expect(
                page.contains("The section “\(variant.title)” needs \(variant.availability.description)."),
                "\(path): the copy line does not say what “\(variant.title)” needs")
            #expect(
                page.contains("**Modern** · needs \(variant.availability.description)"),
                "\(path): the Modern block of “\(variant.title)” does not say what it needs")
        }
    }

    @Test func aMutexVariantInALaterSectionLeavesTheRecommendedActorAtTheBaseline() throws {
        let recipe = try #require(Catalog.recipe("readers-writer-barrier"))
        let recommended = try GuideGenerator.availability(of: recipe)
        #expect(recommended.iOS == Availability.baseline.iOS && recommended.macOS == Availability.baseline.macOS)
        let variants = try GuideGenerator.variantAvailability(of: recipe)
        #expect(variants.contains { $0.availability.requirements.map(\.api) == ["`Mutex`"] })
    }

    /// The table is kept honest against the interfaces themselves: an API name the recommended code
    /// uses that the toolchain's concurrency interfaces declare only above iOS 13 (in every overload)
    /// must not be newer than the page's Needs line. A name the code declares itself is its own.
    @Test(arguments: Catalog.recipes.map(\.id))
    func theNeedsLineCoversEveryNewerAPITheRecommendedCodeUses(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        let needs = try GuideGenerator.availability(of: recipe)
        let code = Self.codeOnly(try GuideGenerator.recommendedCode(of: recipe))
        let declared = Self.declaredNames(in: code)
        let newer = try #require(Self.newerNames)
        for name in Set(Self.identifiers(in: code)).subtracting(declared).sorted() {
            guard let version = newer[name], version > needs.iOS else { continue }
            Issue.record("\(id): its recommended code uses `\(name)` (iOS \(version) in the interface), but Needs says iOS \(needs.iOS)")
        }
    }

    @Test func aNewerAPIInTheRecommendedCodeIsFoundAndADeclaredNameIsNot() throws {
        let newer = try #require(Self.newerNames)
        #expect(newer["withTaskExecutorPreference"] == Availability.Version(18))
        #expect(newer["basePriority"] == Availability.Version(16))
        #expect(newer["addTask"] == nil, "addTask has iOS 13 overloads")
        let code = Self.codeOnly(
            "struct Job {}\nfunc run<Item: Sendable>(_ item: Item) {}\nlet clock = ContinuousClock() // Mutex\nlet s = \"Atomic\"")
        #expect(Self.declaredNames(in: code).isSuperset(of: ["Job", "Item", "run", "clock"]))
        #expect(Self.identifiers(in: code).contains("ContinuousClock"))
        #expect(!Self.identifiers(in: code).contains("Mutex") && !Self.identifiers(in: code).contains("Atomic"))
    }

    /// Words an interface also uses as member names, too common to tell its API from the code's own
    /// (`load`, `name`); the table's spellings cover the APIs they belong to.
    static let commonWords: Set<String> = [
        "name", "load", "store", "exchange", "subtract", "relaxed", "acquiring", "releasing",
        "debugDescription", "logicalAnd", "logicalOr", "logicalXor", "bitwiseAnd", "bitwiseOr", "bitwiseXor",
        "wrappingAdd", "wrappingSubtract", "continuous", "systemEpoch", "sequentiallyConsistent",
        "acquiringAndReleasing", "storeIfNil", "immediate", "measure", "withLock",
    ]

    /// `newerAPINames()`, read once for the whole suite (the interfaces are large).
    static let newerNames: [String: Availability.Version]? = try? newerAPINames()

    /// Every name the `_Concurrency`, `Synchronization` and `Observation` interfaces declare only
    /// above iOS 13: name → the lowest iOS among its declarations.
    static func newerAPINames() throws -> [String: Availability.Version] {
        var lowest: [String: Availability.Version] = [:]
        let keywords = "func|struct|class|enum|protocol|actor|var|let|typealias|macro"
        let declaration = try Regex("public (?:[a-z_]+ )*(?:\(keywords)) `?([A-Za-z][A-Za-z0-9_]*)")
        let available = try Regex(#"@available\(macOS [0-9.]+, iOS ([0-9]+)(?:\.([0-9]+))?"#)
        for module in ["_Concurrency", "Synchronization", "Observation"] {
            var pending: (version: Availability.Version, line: Int)?
            for (number, line) in try interface(module).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                if let match = line.firstMatch(of: available), let major = Int(match.output[1].substring ?? "") {
                    pending = (Availability.Version(major, Int(match.output[2].substring ?? "") ?? 0), number)
                    continue
                }
                guard let match = line.firstMatch(of: declaration), let name = match.output[1].substring else { continue }
                let version = pending.flatMap { number - $0.line <= 3 ? $0.version : nil } ?? Availability.baseline.iOS
                pending = nil
                lowest[String(name)] = min(lowest[String(name)] ?? version, version)
            }
        }
        return lowest.filter { $0.value > Availability.baseline.iOS && !commonWords.contains($0.key) && !$0.key.hasPrefix("_") }
    }

    /// `code` without its comments and string literals.
    static func codeOnly(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var text = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            text = text.replacing(#/"[^"]*"/#, with: "\"\"")
            return text
        }.joined(separator: "\n")
    }

    static func identifiers(in code: String) -> [String] {
        code.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#).map { String($0.output) }
    }

    /// The names `code` declares (types, functions, properties, cases, generic parameters it names).
    static func declaredNames(in code: String) -> Set<String> {
        let declarations = code.matches(
            of: #/(?:struct|class|enum|actor|protocol|typealias|func|var|let|case)\s+([A-Za-z_][A-Za-z0-9_]*)/#)
        let genericParameters = code.matches(of: #/[<,]\s*([A-Z][A-Za-z0-9_]*)\s*:/#)
        return Set(declarations.map { String($0.output.1) } + genericParameters.map { String($0.output.1) })
    }

    @Test func aPatternWithOnlyConcurrencyNeedsTheBaseline() {
        let availability = Availability(code: "actor Store {\n    func load() async -> Int { 1 }\n}")
        #expect(availability.description == "iOS 13, macOS 10.15")
        #expect(availability.sentence == "**Needs** iOS 13, macOS 10.15: nothing newer than Swift concurrency itself.")
    }

    @Test func theNewestAPINamesTheMinimumAndItsFallback() {
        let availability = Availability(
            code:
                "import Synchronization\nlet state = Mutex(0)\nfunc wait() async throws { try await Task.sleep(for: .seconds(1)) }"
        )
        #expect(availability.description == "iOS 18, macOS 15 (`Mutex`)")
        #expect(availability.sentence.contains("`OSAllocatedUnfairLock` (iOS 16, macOS 13"))
    }

    @Test func taskImmediateNeedsTheNewestOSAndSaysWhatTheFallbackChanges() {
        let availability = Availability(code: "Task.immediate { @MainActor in show() }")
        #expect(availability.iOS == Availability.Version(26) && availability.macOS == Availability.Version(26))
        #expect(availability.sentence.contains("`Task { @MainActor in … }`"))
        #expect(availability.sentence.contains("later turn"))
    }

    @Test func aMinimumUpToIOS17NamesNoFallback() {
        let availability = Availability(code: "await withDiscardingTaskGroup { group in group.addTask { } }")
        #expect(availability.description == "iOS 17, macOS 14 (`withDiscardingTaskGroup`)")
        #expect(!availability.sentence.contains("older target"))
    }

    @Test func commentsAndLongerNamesDoNotCount() {
        let availability = Availability(code: "// A Mutex would do too.\nstruct MutexFree { let lastDuration = 0 }")
        #expect(availability.iOS == Availability.baseline.iOS)
    }

    @Test func aPointReleaseIsWrittenOut() {
        let availability = Availability(code: "final class Owner {\n    isolated deinit { task.cancel() }\n}")
        #expect(availability.description == "iOS 18.4, macOS 15.4 (`isolated deinit`)")
    }

    /// The declaration each row stands for in the toolchain's interfaces: module, and the start of
    /// the declaration's line (the first one in the file).
    static let declarations: [String: (module: String, line: String)] = [
        "`Task.immediate`": ("_Concurrency", "public static func immediate("),
        "`addImmediateTask`": ("_Concurrency", "public mutating func addImmediateTask("),
        "`escalatePriority(to:)`, `withTaskPriorityEscalationHandler`": (
            "_Concurrency", "nonisolated(nonsending) public func withTaskPriorityEscalationHandler<"
        ),
        "`Observations`": ("Observation", "public struct Observations<"),
        "`isolated deinit`": ("_Concurrency", "@_silgen_name(\"swift_task_deinitOnExecutor\")"),
        "task executors (`withTaskExecutorPreference`)": ("_Concurrency", "public protocol TaskExecutor :"),
        "`Mutex`": ("Synchronization", "public struct Mutex<"),
        "`Atomic`": ("Synchronization", "public struct Atomic<"),
        "custom executors (`ExecutorJob`)": ("_Concurrency", "@frozen public struct ExecutorJob"),
        "`Task.basePriority`": ("_Concurrency", "public static var basePriority:"),
        "`withDiscardingTaskGroup`": ("_Concurrency", "public func withDiscardingTaskGroup<"),
        "clocks and `Duration`": ("_Concurrency", "public protocol Clock<Duration>"),
    ]

    /// Each row's versions are the `@available` nearest above its declaration in the interface of
    /// the toolchain that runs the tests (Linux toolchains keep Apple's availability there).
    @Test(arguments: Availability.table.map(\.api))
    func theTableMatchesTheToolchainsInterfaces(_ api: String) throws {
        let requirement = try #require(Availability.table.first { $0.api == api })
        let declaration = try #require(Self.declarations[api], "AvailabilityTests.declarations has no row for \(api)")
        let text = try Self.interface(declaration.module)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).contains(declaration.line) },
            "\(declaration.line) is not in \(declaration.module)'s interface")
        let available = try #require(
            lines[max(0, index - 6)..<index].last { $0.contains("@available(macOS ") },
            "no @available above \(declaration.line)")
        #expect(available.contains("macOS \(Self.written(requirement.macOS))"), "\(api): \(available)")
        #expect(available.contains("iOS \(Self.written(requirement.iOS))"), "\(api): \(available)")
    }

    /// APIs the table leaves out on purpose because the toolchain's interface makes them no newer
    /// than Swift concurrency itself (`@_alwaysEmitIntoClient` at iOS 13): naming a child task
    /// (iOS 18 is only the overload that also takes `executorPreference:`) and a `Task`.
    static let baselineDeclarations: [(module: String, line: String)] = [
        ("_Concurrency", "public mutating func addTask(name: Swift.String?, priority:"),
        ("_Concurrency", "public init(name: Swift.String? = nil, priority:"),
    ]

    @Test(arguments: baselineDeclarations.indices)
    func apisLeftOutOfTheTableAreAtTheBaselineInTheInterface(_ index: Int) throws {
        let declaration = Self.baselineDeclarations[index]
        let lines = try Self.interface(declaration.module).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains(declaration.line) }, "\(declaration.line) not found")
        let available = try #require(lines[max(0, index - 6)..<index].last { $0.contains("@available(macOS ") })
        #expect(available.contains("macOS 10.15") && available.contains("iOS 13.0"), "\(declaration.line): \(available)")
    }

    /// "15.0" for 15, "15.4" for 15.4: how an interface writes a version.
    static func written(_ version: Availability.Version) -> String { "\(version.major).\(version.minor)" }

    /// The text of a toolchain module's interface, found from the compiler's resource directory.
    static func interface(_ module: String) throws -> String {
        let info = Process()
        info.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        info.arguments = ["swiftc", "-print-target-info"]
        let pipe = Pipe()
        info.standardOutput = pipe
        try info.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        info.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let target = try #require(json["target"] as? [String: Any])
        let triple = try #require(target["unversionedTriple"] as? String)
        let paths = try #require(json["paths"] as? [String: Any])
        let resources = try #require(paths["runtimeResourcePath"] as? String)
        let folder = URL(fileURLWithPath: resources).appendingPathComponent("linux/\(module).swiftmodule")
        return try String(contentsOf: folder.appendingPathComponent("\(triple).swiftinterface"), encoding: .utf8)
    }
}
