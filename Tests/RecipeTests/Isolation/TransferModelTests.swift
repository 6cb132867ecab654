import Dispatch
import Foundation
import LegacyApp
import Modern
import RecipeKit
import Testing
import TransferKit

@Suite(.timeLimit(.minutes(1))) struct TransferModelTests {
    static let chunks = [512, 1024, 256]
    static let delivered = ["received 512 bytes", "received 1024 bytes", "received 256 bytes", "finished: 1792 bytes"]

    /// Set on the main queue, so that a logged line can say whether it ran there.
    static let onMain: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// A recorder's logger that marks each line logged off the main queue.
    static func tagged(_ recorder: Recorder) -> @Sendable (String) -> Void {
        let key = onMain
        return { line in recorder.log(DispatchQueue.getSpecific(key: key) == true ? line : line + " (off main)") }
    }

    @Test func naiveConformanceIsASwift6Error() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("Naive.swift")
        try Data(
            """
            import TransferKit

            @MainActor
            final class TransferModel: TransferDelegate {
                var received = 0
                func transfer(_ session: TransferSession, didReceive bytes: Int) {
                    received += bytes
                }
                func transferDidFinish(_ session: TransferSession) {}
            }

            """.utf8
        ).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library",
            "-I", root.appendingPathComponent(".build/debug/Modules").path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(
            output.contains(
                "error: conformance of 'TransferModel' to protocol 'TransferDelegate' crosses into main actor-isolated code and can cause data races"
            ))
        #expect(output.contains("main actor-isolated instance method 'transfer(_:didReceive:)' cannot satisfy nonisolated requirement"))
        #expect(output.contains("turn data races into runtime errors with '@preconcurrency'"))
    }

    @Test func legacyPreconcurrencyWitnessTrapsOnTheSDKQueue() async {
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "delegate-conformance-isolation", "SDK calls on its own queue", "legacy", "--pace", "test"],
            timeout: .seconds(10),
            crashReport: true
        )
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
        // The check runs before the witness's first line: nothing is received.
        #expect(lines.filter { !$0.hasPrefix("stderr: ") } == ["transfer started"])
        let report = lines.filter { $0.hasPrefix("stderr: ") }
        guard CrashReport.isAvailable else { return }
        #expect(report.contains { $0.contains("_dispatch_assert_queue_fail in libdispatch.so") })
        #expect(report.contains { $0.hasSuffix("_checkExpectedExecutor(…) in libswift_Concurrency.so") })
        // The program's frame, the last, is wrapped onto two lines to fit a code block.
        let frame = report.suffix(2).map { $0.dropFirst("stderr: ".count).trimmingCharacters(in: .whitespaces) }
        #expect(
            frame.joined(separator: " ")
                == "protocol witness for TransferDelegate.transfer(_:didReceive:) in conformance TransferModel")
    }

    @Test func modernNonisolatedWitnessesDeliverOnTheMainActorInOrder() async {
        let recorder = Recorder()
        let model = await Modern.TransferModel(log: Self.tagged(recorder))
        await model.transfer(chunks: Self.chunks)
        #expect(recorder.lines == ["transfer started"] + Self.delivered)
        #expect(await model.progress.received == 1792)
    }

    /// Cancelling the task that awaits `transfer(chunks:)` cancels the SDK's session, which then
    /// calls the delegate no more. The delegate queue is held, so nothing arrives before the cancel.
    /// (The model without the cancel left the session running: 0 of 20 runs cancelled it.)
    @MainActor @Test func cancellingTheTransferCancelsTheSession() async {
        let delegateQueue = DispatchQueue(label: "TransferModelTests.delegate")
        delegateQueue.suspend()
        let session = TransferSession(delegateQueue: delegateQueue)
        let recorder = Recorder()
        let model = Modern.TransferModel(session: session, log: Self.tagged(recorder))
        await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            await model.transfer(chunks: Self.chunks)
        }.value
        #expect(session.isCancelled)
        delegateQueue.resume()
        await withCheckedContinuation { drained in delegateQueue.async { drained.resume() } }
        #expect(recorder.lines == ["transfer started"])
    }

    /// Starts a legacy model on the main actor and waits for the end of the transfer; the bytes the
    /// screen ended with.
    @MainActor static func runLegacy(_ progress: LegacyApp.TransferProgress, start: @MainActor () -> Void) async -> Int {
        await withCheckedContinuation { finished in
            progress.onFinished = { finished.resume() }
            start()
        }
        return progress.received
    }

    @Test func legacyPlainConformanceRunsItsMainActorMethodsOffTheMainQueue() async {
        let recorder = Recorder()
        let model = await PlainTransferModel(log: Self.tagged(recorder))
        let received = await Self.runLegacy(model.progress) { @MainActor in model.start(chunks: Self.chunks) }
        #expect(received == 1792)
        #expect(recorder.lines == ["transfer started"] + Self.delivered.map { $0 + " (off main)" })
    }

    @Test func modernIsolatedConformanceRunsOnTheMainQueue() async {
        let recorder = Recorder()
        let model = await MainQueueTransferModel(log: Self.tagged(recorder))
        await model.transfer(chunks: Self.chunks)
        #expect(recorder.lines == ["transfer started"] + Self.delivered)
    }

    @Test func legacyNonisolatedWitnessesHopToTheMainQueue() async {
        let recorder = Recorder()
        let model = await HoppingTransferModel(log: Self.tagged(recorder))
        let received = await Self.runLegacy(model.progress) { @MainActor in model.start(chunks: Self.chunks) }
        #expect(received == 1792)
        #expect(recorder.lines == ["transfer started"] + Self.delivered)
    }

    @Test func anEmptyTransferFinishesWithZeroBytesOnBothSides() async {
        let legacy = Recorder()
        let model = await HoppingTransferModel(log: legacy.logger)
        #expect(await Self.runLegacy(model.progress) { @MainActor in model.start(chunks: []) } == 0)
        let modern = Recorder()
        await Modern.TransferModel(log: modern.logger).transfer(chunks: [])
        #expect(legacy.lines == ["transfer started", "finished: 0 bytes"])
        #expect(modern.lines == legacy.lines)
    }
}
