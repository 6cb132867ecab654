@preconcurrency import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(CoreServices)
    import CoreServices
    import Synchronization
#endif

/// A directory's changes as an `AsyncStream`, fed by a read source over an
/// inotify descriptor.
///
/// Swift concurrency has no file-system events of its own: the source stays,
/// and its handler yields each event into the stream that `for await` reads.
/// When the stream finishes (the directory was deleted) or its consumer stops
/// (it leaves the loop, or its task is cancelled), `onTermination` cancels the
/// source, whose cancel handler closes the descriptor once. Dispatch does not
/// mark sources `Sendable`, though any thread may cancel one: hence
/// `@preconcurrency import Dispatch`.
public nonisolated enum DirectoryWatcher {
    /// What happened to the watched directory.
    public enum Event: Sendable, Equatable {
        case changed, deleted
    }

    /// Why a directory could not be watched: the classic message.
    public struct WatchError: Error, CustomStringConvertible {
        public let path: String
        public let code: Int32

        public var description: String {
            let reason = String(cString: strerror(code))
            return "Unable to open \"\(path)\": \(reason) (\(code))"
        }
    }

    /// Entries created, modified or removed: what a vnode WRITE reports.
    static let changes = UInt32(IN_CREATE | IN_MODIFY | IN_DELETE)

    /// The events of the directory at `path`; the stream finishes after
    /// `.deleted`. `closed` runs once the descriptor has been closed.
    public static func events(
        of path: String, closed: @escaping @Sendable (Int32) -> Void = { _ in }
    ) throws(WatchError) -> AsyncStream<Event> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        let mask = changes | UInt32(IN_DELETE_SELF)
        guard fd >= 0, inotify_add_watch(fd, path, mask) >= 0 else {
            let code = errno  // read it before any other call changes it
            if fd >= 0 { close(fd) }
            throw WatchError(path: path, code: code)
        }
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: fd, queue: DispatchQueue(label: "directory-events"))
        source.setEventHandler {
            for event in readEvents(from: fd) {
                if event & changes != 0 { continuation.yield(.changed) }
                if event & UInt32(IN_DELETE_SELF) != 0 {
                    continuation.yield(.deleted)
                    continuation.finish()  // onTermination cancels the source
                }
            }
        }
        source.setCancelHandler {
            close(fd)  // the only close: the source is done with it
            closed(fd)
        }
        continuation.onTermination = { _ in source.cancel() }
        source.resume()
        return events
    }
}

// MARK: - Reading the inotify records

nonisolated extension DirectoryWatcher {
    /// The masks of every queued event; the descriptor is non-blocking, so
    /// reading stops when the queue is empty.
    static func readEvents(from fd: Int32) -> [UInt32] {
        var masks: [UInt32] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                read(fd, $0.baseAddress, $0.count)
            }
            guard count > 0 else { return masks }  // EAGAIN: drained
            var offset = 0
            while offset < count {
                let event = buffer.withUnsafeBytes {
                    $0.loadUnaligned(
                        fromByteOffset: offset, as: inotify_event.self)
                }
                masks.append(event.mask)
                // A record is the header plus `len` bytes of name.
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}

// MARK: - macOS: a directory tree with FSEvents, as a stream

#if canImport(CoreServices)
    nonisolated extension DirectoryWatcher {
        /// The paths that change under `path`, from FSEvents; macOS only, so
        /// it is not compiled or run here.
        ///
        /// The stream reports on a dispatch queue instead of a run loop, and
        /// the C callback yields into the continuation that the context's
        /// `info` points at. That pointer is unretained: `onTermination` keeps
        /// the sink alive, and stops, invalidates and releases the stream on
        /// the stream's own queue, so that no callback is still running when
        /// it lets the sink go (`FSEventStreamStop` promises only that none
        /// is called again).
        public static func treeChanges(of path: String) -> AsyncStream<[String]>
        {
            let (changes, continuation) = AsyncStream.makeStream(
                of: [String].self)
            let sink = TreeSink(continuation)
            var context = FSEventStreamContext(
                version: 0, info: Unmanaged.passUnretained(sink).toOpaque(),
                retain: nil, release: nil, copyDescription: nil)
            let callback: FSEventStreamCallback = {
                _, info, _, paths, _, _ in
                guard let info else { return }
                let sink = Unmanaged<TreeSink>.fromOpaque(info)
                    .takeUnretainedValue()
                // UseCFTypes: a CFArray, one CFString per event.
                let changed = unsafeBitCast(paths, to: NSArray.self)
                sink.continuation.yield(changed as? [String] ?? [])
            }
            let flags =
                kFSEventStreamCreateFlagUseCFTypes
                | kFSEventStreamCreateFlagFileEvents
            guard
                let stream = FSEventStreamCreate(
                    kCFAllocatorDefault, callback, &context, [path] as CFArray,
                    FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.1,
                    FSEventStreamCreateFlags(flags))
            else {
                continuation.finish()
                return changes
            }
            let queue = DispatchQueue(label: "tree-changes")
            FSEventStreamSetDispatchQueue(stream, queue)
            FSEventStreamStart(stream)
            sink.stream.withLock { $0 = stream }
            continuation.onTermination = { _ in
                queue.sync {  // after any callback in progress
                    sink.stream.withLock { stream in
                        guard let running = stream else { return }
                        FSEventStreamStop(running)
                        FSEventStreamInvalidate(running)
                        FSEventStreamRelease(running)
                        stream = nil
                    }
                }
            }
            return changes
        }

        /// What the context's `info` points at: the continuation the callback
        /// yields into, and the stream that `onTermination` tears down.
        nonisolated final class TreeSink: Sendable {
            let continuation: AsyncStream<[String]>.Continuation
            let stream = Mutex<FSEventStreamRef?>(nil)

            init(_ continuation: AsyncStream<[String]>.Continuation) {
                self.continuation = continuation
            }
        }
    }
#endif

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension DirectoryWatcher {
    /// Watches `directory`, adds a file to it, then deletes the directory, and
    /// returns once the watcher has closed its descriptor.
    public static func addFileThenDelete(
        _ directory: String, log: @escaping @Sendable (String) -> Void
    ) async {
        let (closedDescriptor, closing) = AsyncStream.makeStream(of: Void.self)
        let events: AsyncStream<Event>
        do {
            events = try self.events(of: directory) { _ in closing.finish() }
        } catch {
            log(error.description)
            return
        }
        close(open(directory + "/note.txt", O_CREAT | O_WRONLY, 0o644))
        var deleting = false
        for await event in events {
            switch event {
            case .changed:
                log("The directory changed.")
                if !deleting {
                    deleting = true
                    try? FileManager.default.removeItem(atPath: directory)
                }
            case .deleted:
                log("The directory has been deleted.")
            }
        }
        for await _ in closedDescriptor {}
        log("The watcher has closed its descriptor.")
    }
}
