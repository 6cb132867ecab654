import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct NumberStoreTests {
    static let numbers = SplitMix64.numbers(count: 10_000, upTo: 2_147_483_647)
    static let summary = "UI updated with 10000 numbers, first=\(numbers.min()!), last=\(numbers.max()!)"
    static let firstRun = ["Created list.txt with 10000 numbers", "Loaded and sorted 10000 numbers", summary]
    static let laterRun = ["list.txt already exists", "Loaded and sorted 10000 numbers", summary]

    static func generator() -> SplitMix64 { SplitMix64(seed: SplitMix64.defaultSeed) }

    /// Runs the legacy side once and returns what it showed, on the main queue.
    static func runLegacy(_ store: Legacy.NumberStore, log: @escaping @Sendable (String) -> Void) async -> [String] {
        let sink = UISink(log: log)
        await withCheckedContinuation { done in
            store.showSortedNumbers(generator: generator(), log: log) { line in
                sink.showFromMainQueue(line)
                done.resume()
            }
        }
        return sink.shown
    }

    /// Runs the modern side once and returns what it showed, on the main actor.
    static func runModern(_ store: Modern.NumberStore, log: @escaping @Sendable (String) -> Void) async -> [String] {
        let sink = UISink(log: log)
        await store.showSortedNumbers(generator: generator(), log: log) { @MainActor line in sink.show(line) }
        return sink.shown
    }

    struct FileState: Equatable {
        let bytes: Data
        let modified: Date?
        let inode: String
    }

    static func state(of url: URL) throws -> FileState {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return FileState(
            bytes: try Data(contentsOf: url),
            modified: attributes[.modificationDate] as? Date,
            inode: attributes[.systemFileNumber].map { "\($0)" } ?? "?"
        )
    }

    @Test func legacyFirstRunCreatesLoadsSortsAndShowsOnTheMainQueue() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = Recorder()
        let shown = await Self.runLegacy(Legacy.NumberStore(directory: directory.url), log: recorder.logger)
        #expect(recorder.lines == Self.firstRun)
        #expect(shown == [Self.summary])
    }

    @Test func modernFirstRunCreatesLoadsSortsAndShowsOnTheMainActor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = Recorder()
        let shown = await Self.runModern(Modern.NumberStore(directory: directory.url), log: recorder.logger)
        #expect(recorder.lines == Self.firstRun)
        #expect(shown == [Self.summary])
    }

    @Test func bothSidesWriteTheSeededNumbersInRange() async throws {
        let legacyDirectory = try TemporaryDirectory()
        let modernDirectory = try TemporaryDirectory()
        defer {
            legacyDirectory.remove()
            modernDirectory.remove()
        }
        let legacy = Legacy.NumberStore(directory: legacyDirectory.url)
        let modern = Modern.NumberStore(directory: modernDirectory.url)
        #expect(try legacy.createFileIfNeeded(count: 10_000, generator: Self.generator()))
        #expect(try await modern.createFileIfNeeded(count: 10_000, generator: Self.generator()))
        let legacyBytes = try Data(contentsOf: legacy.fileURL)
        #expect(try Data(contentsOf: modern.fileURL) == legacyBytes)
        let written = String(decoding: legacyBytes, as: UTF8.self).split(separator: "\n").compactMap { UInt32($0) }
        #expect(written == Self.numbers)
        #expect(written.allSatisfy { $0 <= 2_147_483_647 })
        #expect(try legacy.loadSorted() == Self.numbers.sorted())
        #expect(try await modern.loadSorted() == Self.numbers.sorted())
    }

    @Test func legacySecondRunLeavesTheFileUnchanged() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = Legacy.NumberStore(directory: directory.url)
        let recorder = Recorder()
        _ = await Self.runLegacy(store, log: recorder.logger)
        let before = try Self.state(of: store.fileURL)
        _ = await Self.runLegacy(store, log: recorder.logger)
        #expect(try Self.state(of: store.fileURL) == before)
        #expect(recorder.lines == Self.firstRun + Self.laterRun)
    }

    @Test func modernSecondRunLeavesTheFileUnchanged() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = Modern.NumberStore(directory: directory.url)
        let recorder = Recorder()
        _ = await Self.runModern(store, log: recorder.logger)
        let before = try Self.state(of: store.fileURL)
        _ = await Self.runModern(store, log: recorder.logger)
        #expect(try Self.state(of: store.fileURL) == before)
        #expect(recorder.lines == Self.firstRun + Self.laterRun)
    }

    @Test func modernConcurrentCallersCreateTheFileOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = Modern.NumberStore(directory: directory.url)
        let created = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { try await store.createFileIfNeeded(count: 10_000, generator: Self.generator()) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(created == 1)
        #expect(try await store.loadSorted() == Self.numbers.sorted())
    }

    @Test func legacyConcurrentCallersAllSeeACompleteFile() async throws {
        // The check-then-create may let several callers generate; the atomic write means every
        // reader still loads a whole file. Which caller wrote it is left to chance, and not tested.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = Legacy.NumberStore(directory: directory.url)
        let shown = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { await Self.runLegacy(store, log: { _ in }) } }
            return await group.reduce([]) { $0 + $1 }
        }
        #expect(shown == Array(repeating: Self.summary, count: 4))
    }

    @Test func bothSidesShowAnErrorWhenTheFileCannotBeWritten() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        let legacy = await Self.runLegacy(Legacy.NumberStore(directory: missing), log: { _ in })
        let modern = await Self.runModern(Modern.NumberStore(directory: missing), log: { _ in })
        #expect(legacy.count == 1 && legacy[0].hasPrefix("Could not load the numbers: "))
        #expect(modern.count == 1 && modern[0].hasPrefix("Could not load the numbers: "))
    }

    @Test func bothSidesShowNothingToShowForAnEmptyFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data().write(to: directory.url.appendingPathComponent("list.txt"))
        let recorder = Recorder()
        let legacy = await Self.runLegacy(Legacy.NumberStore(directory: directory.url), log: recorder.logger)
        let modern = await Self.runModern(Modern.NumberStore(directory: directory.url), log: recorder.logger)
        #expect(legacy == ["No numbers to show"])
        #expect(modern == ["No numbers to show"])
        #expect(recorder.lines.filter { $0 == "list.txt already exists" }.count == 2)
    }
}
