import Dispatch
import Foundation
import LegacyApp
import Modern
import RecipeKit
import Testing

@Suite struct ImageCacheTests {
    static func runChild(_ scenario: String, _ side: String) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "callback-isolation-trap", scenario, side, "--pace", "test"],
            timeout: .seconds(10),
            crashReport: true
        )
    }

    /// The child trapped after `firstLine`, and its crash report names the check and `closure`.
    static func expectTrap(_ result: DemoResult, _ lines: [String], firstLine: String, closure: String) {
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
        #expect(lines.filter { !$0.hasPrefix("stderr: ") } == [firstLine])
        let report = lines.filter { $0.hasPrefix("stderr: ") }
        guard CrashReport.isAvailable else {
            #expect(report.isEmpty)
            return
        }
        #expect(report.first == "stderr: *** Program crashed: Illegal instruction at 0x… ***")
        #expect(report.contains { $0.contains("_dispatch_assert_queue_fail in libdispatch.so") })
        #expect(report.contains { $0.contains("swift_task_isCurrentExecutorWithFlags") })
        #expect(report.last?.contains(closure) == true)
    }

    static func indexFile(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.url.appendingPathComponent("index.txt").path
        try Data("x.png\ny.png\nz.png\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func legacySourceHandlerTrapsOnItsQueue() async {
        let (result, lines) = await Self.runChild("source handler on its own queue", "legacy")
        Self.expectTrap(
            result, lines, firstLine: "watching memory pressure",
            closure: "closure #1 in ImageCache.watchMemoryPressure(on:)")
    }

    @Test func legacyCompletionHandlerTrapsOnAGlobalQueue() async {
        let (result, lines) = await Self.runChild("completion handler on a global queue", "legacy")
        Self.expectTrap(
            result, lines, firstLine: "reading the index",
            closure: "closure #1 in ImageCache.loadIndex(from:completion:)")
    }

    @Test func modernSourceStreamTrimsOnTheMainActor() async {
        let recorder = Recorder()
        await Modern.ImageCache(log: recorder.logger).trimOnce(on: DispatchQueue(label: "pressure"))
        #expect(recorder.lines == ["watching memory pressure", "trimmed 3 images"])
    }

    @Test func modernConcurrentReadIndexesOnTheMainActor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.indexFile(directory)
        #expect(try await readIndex(at: path) == ["x.png", "y.png", "z.png"])
        let recorder = Recorder()
        try await Modern.ImageCache(log: recorder.logger).loadIndex(from: path)
        #expect(recorder.lines == ["reading the index", "indexed 3 images"])
    }

    @Test func assumeIsolatedHandlerRunsOnAMainQueueSource() async {
        let recorder = Recorder()
        await Modern.ImageCache(log: recorder.logger).trimOnceHopping(on: .main)
        #expect(recorder.lines == ["watching memory pressure", "trimmed 3 images"])
    }

    @Test func cancellingTheWatcherEndsTheStream() async {
        let recorder = Recorder()
        let cache = await Modern.ImageCache(log: recorder.logger)
        let source = DispatchSource.makeUserDataAddSource(queue: DispatchQueue(label: "pressure"))
        let stream = events(of: source)
        let watching = Task { await cache.watchMemoryPressure(stream) }
        watching.cancel()
        await watching.value
        source.cancel()
        // Cancelling the source finishes a stream nobody has cancelled.
        let other = DispatchSource.makeUserDataAddSource(queue: DispatchQueue(label: "other"))
        let otherStream = events(of: other)
        other.cancel()
        var received = 0
        for await _ in otherStream { received += 1 }
        #expect(received == 0)
        #expect(!recorder.lines.contains { $0.hasPrefix("trimmed") })
    }

    /// The stream's end cancels the source: a consumer that leaves (here, its task is cancelled)
    /// leaves no source behind still calling a handler that yields into a finished stream.
    @Test func cancellingTheWatcherCancelsTheSource() async {
        let cache = await Modern.ImageCache(log: { _ in })
        let source = DispatchSource.makeUserDataAddSource(queue: DispatchQueue(label: "pressure"))
        let stream = events(of: source)
        let watching = Task { await cache.watchMemoryPressure(stream) }
        watching.cancel()
        await watching.value
        #expect(source.isCancelled)
    }

    @Test func aMissingIndexFileFailsOnBothSides() async {
        let missing = "/nonexistent/\(UUID().uuidString)/index.txt"
        await #expect(throws: POSIXError.self) { try await readIndex(at: missing) }
        let recorder = Recorder()
        let cache = await LegacyApp.ImageCache(log: recorder.logger)
        await withCheckedContinuation { done in
            Task { @MainActor in cache.loadIndexSafely(from: missing) { done.resume() } }
        }
        #expect(recorder.lines == ["cannot open \(missing)"])
    }

    /// A read that fails after the open (a directory opens, and reading it is `EISDIR` on Linux)
    /// throws the read's error: an index that could not be read is not an empty index.
    @Test func aFailedReadThrowsInsteadOfIndexingNothing() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: POSIXError.self) { try await readIndex(at: directory.path) }
    }
}
