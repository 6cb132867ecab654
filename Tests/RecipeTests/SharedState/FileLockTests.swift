import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct FileLockTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let flockTool = "/usr/bin/flock"

    /// Runs `flock -n <path> true`: exits 0 if it could take the lock at once, 1 if not.
    static func anotherProcessCanLock(_ path: String) async throws -> Bool {
        try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: flockTool)
            process.arguments = ["-n", path, "true"]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }

    /// A real second process, the `flock` tool, can't take the lock while this process holds it,
    /// and can once it is released.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: flockTool)), arguments: Side.allCases)
    func theLockHoldsAgainstAnotherProcess(_ side: Side) async throws {
        let directory = try TemporaryDirectory(prefix: "file-lock")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("app.lock").path
        let unlock: @Sendable () -> Void
        switch side {
        case .legacy:
            let lock = try Legacy.FileLock(path: path)
            try lock.lock()
            unlock = { lock.unlock() }
        case .modern:
            let lock = try Modern.FileLock(path: path)
            let executor = BlockingIOExecutor(name: "file-lock-test")
            defer { executor.shutdown() }
            try await lock.lock(on: BlockingIO(executor: executor))
            unlock = { lock.unlock() }
        }
        #expect(try await !Self.anotherProcessCanLock(path))
        unlock()
        #expect(try await Self.anotherProcessCanLock(path))
    }

    /// The recommended wait: B blocks in `flock` on the executor's thread, and gets the lock
    /// only once A has unlocked.
    @Test func modernBlockingWaitGetsTheLockOnceTheHolderUnlocks() async throws {
        let directory = try TemporaryDirectory(prefix: "file-lock")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("app.lock").path
        let a = try Modern.FileLock(path: path)
        let b = try Modern.FileLock(path: path)
        let executor = BlockingIOExecutor(name: "file-lock-test")
        defer { executor.shutdown() }
        let io = BlockingIO(executor: executor)
        let recorder = Recorder()
        try await a.lock(on: io)
        let waiter = Task {
            try await b.lock(on: io)
            recorder.log("B locked")
        }
        recorder.log("A unlocking")
        a.unlock()
        try await waiter.value
        #expect(recorder.lines == ["A unlocking", "B locked"])
        #expect(try !a.tryLock())
        b.unlock()
    }

    /// A blocked `flock` can't be interrupted: cancelled while it waits (or before its turn), B
    /// throws `CancellationError` once A unlocks, and does not keep the lock.
    @Test func modernBlockingWaitCancelledLeavesTheLockFree() async throws {
        let directory = try TemporaryDirectory(prefix: "file-lock")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("app.lock").path
        let a = try Modern.FileLock(path: path)
        let b = try Modern.FileLock(path: path)
        let c = try Modern.FileLock(path: path)
        let executor = BlockingIOExecutor(name: "file-lock-test")
        defer { executor.shutdown() }
        let io = BlockingIO(executor: executor)
        #expect(try a.tryLock())
        let waiting = Task { try await b.lock(on: io) }
        waiting.cancel()
        a.unlock()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(try c.tryLock())
    }

    @Test func modernWaitIsCancellableAndLeavesTheLockFree() async throws {
        let directory = try TemporaryDirectory(prefix: "file-lock")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("app.lock").path
        let a = try Modern.FileLock(path: path)
        let b = try Modern.FileLock(path: path)
        let c = try Modern.FileLock(path: path)
        #expect(try a.tryLock())
        let waiting = Task { try await b.lock(polling: .milliseconds(5)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        a.unlock()
        // B gave up without the lock, so a third open gets it.
        #expect(try c.tryLock())
    }

    @Test func legacyLockBlocksItsThreadUntilTheHolderUnlocks() async throws {
        let directory = try TemporaryDirectory(prefix: "file-lock")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("app.lock").path
        let a = try Legacy.FileLock(path: path)
        let b = try Legacy.FileLock(path: path)
        let recorder = Recorder()
        try a.lock()
        let (tried, triedContinuation) = AsyncStream.makeStream(of: Bool.self)
        let waiter = Task {
            try await onOwnThread {
                triedContinuation.yield(try b.tryLock())
                try b.lock()
                recorder.log("B locked")
            }
        }
        // B has found the lock taken and is on its way into the blocking `flock`; wherever it is,
        // it can't log before the unlock.
        for await gotIt in tried {
            #expect(!gotIt)
            break
        }
        recorder.log("A unlocking")
        a.unlock()
        try await waiter.value
        #expect(recorder.lines == ["A unlocking", "B locked"])
    }

    @Test(arguments: Side.allCases)
    func aSecondOpenWouldBlockWhileTheFirstHoldsTheLock(_ side: Side) async throws {
        let directory = try TemporaryDirectory(prefix: "file-lock")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("app.lock").path
        switch side {
        case .legacy:
            let a = try Legacy.FileLock(path: path)
            let b = try Legacy.FileLock(path: path)
            #expect(try a.tryLock())
            #expect(try !b.tryLock())
            a.unlock()
            #expect(try b.tryLock())
        case .modern:
            let a = try Modern.FileLock(path: path)
            let b = try Modern.FileLock(path: path)
            #expect(try a.tryLock())
            #expect(try !b.tryLock())
            a.unlock()
            #expect(try b.tryLock())
        }
    }

    @Test func openingInAMissingDirectoryThrowsENOENT() {
        let path = "/nonexistent-\(UUID().uuidString)/app.lock"
        #expect {
            try Legacy.FileLock(path: path)
        } throws: { ($0 as? Legacy.FileLockError)?.code == ENOENT }
        #expect {
            try Modern.FileLock(path: path)
        } throws: { ($0 as? Modern.FileLockError)?.code == ENOENT }
    }
}
