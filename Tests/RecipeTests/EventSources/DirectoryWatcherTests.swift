import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every test watches a real temporary directory through inotify, and removes it.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DirectoryWatcherTests {
    static let transcript = [
        "The directory changed.",  // note.txt created
        "The directory changed.",  // note.txt removed with the directory
        "The directory has been deleted.",
        "The watcher has closed its descriptor.",
    ]

    /// Whether our inotify descriptor `fd` is closed: `fcntl` fails with EBADF, or the number has
    /// already been reused by a parallel test for something that is not an inotify instance (this
    /// suite is serialized, so no other inotify instance of ours can take it).
    static func isClosed(_ fd: Int32) -> Bool {
        if fcntl(fd, F_GETFD) == -1 { return errno == EBADF }
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
        return target != "anon_inode:inotify"
    }

    @Test func legacyReportsTheChangeThenTheDeletion() async throws {
        let directory = try TemporaryDirectory(prefix: "dir-watch-test")
        defer { directory.remove() }
        let recorder = Recorder()
        await onOwnThread { Legacy.DirectoryWatcher.addFileThenDelete(directory.url.path, log: recorder.logger) }
        #expect(recorder.lines == Self.transcript)
        #expect(!FileManager.default.fileExists(atPath: directory.url.path))
    }

    @Test func modernReportsTheChangeThenTheDeletion() async throws {
        let directory = try TemporaryDirectory(prefix: "dir-watch-test")
        defer { directory.remove() }
        let recorder = Recorder()
        await Modern.DirectoryWatcher.addFileThenDelete(directory.url.path, log: recorder.logger)
        #expect(recorder.lines == Self.transcript)
    }

    @Test func legacyClosesTheDescriptorExactlyOnceInTheCancelHandler() async throws {
        let directory = try TemporaryDirectory(prefix: "dir-watch-test")
        defer { directory.remove() }
        let queue = DispatchQueue(label: "dir-watch-test")
        let closes = Locked<[(fd: Int32, closed: Bool)]>([])
        let (closedOnce, closing) = AsyncStream.makeStream(of: Void.self)
        let source = try #require(
            Legacy.DirectoryWatcher.watch(directory.url.path, on: queue, log: { _ in }) { fd in
                // Checked in the cancel handler, right after its `close`.
                closes.withLock { $0.append((fd, Self.isClosed(fd))) }
                closing.finish()
            })
        source.cancel()
        for await _ in closedOnce {}
        source.cancel()  // a second cancel must not run the handler (and close) again
        queue.sync {}  // let anything the second cancel scheduled run first
        let recorded = closes.withLock { $0 }
        #expect(recorded.count == 1)
        #expect(recorded.first?.closed == true)
    }

    @Test func legacyCancelsItselfWhenTheDirectoryIsDeleted() async throws {
        let directory = try TemporaryDirectory(prefix: "dir-watch-test")
        let recorder = Recorder()
        let (closedOnce, closing) = AsyncStream.makeStream(of: Bool.self)
        let source = try #require(
            Legacy.DirectoryWatcher.watch(
                directory.url.path, on: DispatchQueue(label: "dir-watch-test"), log: recorder.logger
            ) { fd in
                closing.yield(Self.isClosed(fd))
                closing.finish()
            })
        directory.remove()
        var closed: [Bool] = []
        for await wasClosed in closedOnce { closed.append(wasClosed) }
        #expect(closed == [true])
        #expect(source.isCancelled)
        #expect(recorder.lines.last == "The directory has been deleted.")
    }

    @Test func modernCancellingTheConsumerClosesTheDescriptor() async throws {
        let directory = try TemporaryDirectory(prefix: "dir-watch-test")
        defer { directory.remove() }
        let (closedOnce, closing) = AsyncStream.makeStream(of: Bool.self)
        let events = try Modern.DirectoryWatcher.events(of: directory.url.path) { fd in
            closing.yield(Self.isClosed(fd))
            closing.finish()
        }
        let (firstEvent, first) = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var seen: [Modern.DirectoryWatcher.Event] = []
            for await event in events {
                seen.append(event)
                first.finish()
            }
            return seen
        }
        close(open(directory.url.appendingPathComponent("a").path, O_CREAT | O_WRONLY, 0o644))
        for await _ in firstEvent {}
        consumer.cancel()  // the directory still exists: only the cancellation stops the watcher
        var closed: [Bool] = []
        for await wasClosed in closedOnce { closed.append(wasClosed) }
        #expect(closed == [true])
        #expect(await consumer.value.first == .changed)
    }

    @Test func aMissingDirectoryGivesTheClassicMessageOnBothSides() async throws {
        let path = "/no/such/directory"
        let expected = "Unable to open \"\(path)\": No such file or directory (2)"
        let recorder = Recorder()
        let source = Legacy.DirectoryWatcher.watch(path, on: DispatchQueue(label: "dir-watch-test"), log: recorder.logger)
        #expect(source == nil)
        #expect(recorder.lines == [expected])
        #expect(throws: Modern.DirectoryWatcher.WatchError.self) {
            _ = try Modern.DirectoryWatcher.events(of: path)
        }
        do {
            _ = try Modern.DirectoryWatcher.events(of: path)
        } catch {
            #expect(error.description == expected)
            #expect(error.code == ENOENT)
        }
    }

    @Test func severalEventsInOneReadAreEachReported() async throws {
        let directory = try TemporaryDirectory(prefix: "dir-watch-test")
        defer { directory.remove() }
        let queue = DispatchQueue(label: "dir-watch-test")
        let (lines, logging) = AsyncStream.makeStream(of: String.self)
        let (closedOnce, closing) = AsyncStream.makeStream(of: Void.self)
        queue.suspend()  // hold the handler back while three events queue up
        let source = try #require(
            Legacy.DirectoryWatcher.watch(directory.url.path, on: queue, log: { logging.yield($0) }) { _ in
                closing.finish()
            })
        for name in ["a", "b", "c"] {
            close(open(directory.url.appendingPathComponent(name).path, O_CREAT | O_WRONLY, 0o644))
        }
        queue.resume()  // one handler call now finds three records
        var seen: [String] = []
        for await line in lines {
            seen.append(line)
            if seen.count == 3 { break }
        }
        source.cancel()
        for await _ in closedOnce {}
        #expect(seen == Array(repeating: "The directory changed.", count: 3))
    }
}
