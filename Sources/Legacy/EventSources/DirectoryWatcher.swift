import Foundation

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(CoreServices)
    import CoreServices
#endif

/// Watches a directory for changes and for its deletion with a read source
/// over an inotify descriptor.
///
/// Apple code opens the directory with `O_EVTONLY` and watches it with a vnode
/// source (`DISPATCH_VNODE_WRITE | DISPATCH_VNODE_DELETE`). Neither exists on
/// Linux: `makeFileSystemObjectSource` is Apple-only. Linux reports directory
/// changes through inotify, a descriptor that becomes readable when events are
/// queued, so a plain read source watches it and the handler reads the
/// `inotify_event` records. The descriptor is closed in the cancel handler and
/// nowhere else: closed earlier, its number could be reused by another open
/// while the source still watches it. On deletion the handler cancels the
/// source, as the classic advice goes.
public enum DirectoryWatcher {
    /// Entries created, modified or removed: what a vnode WRITE reports.
    static let changes = UInt32(IN_CREATE | IN_MODIFY | IN_DELETE)

    /// Starts watching `path`; logs each event on `queue`. Returns nil, after
    /// logging why, if the directory cannot be watched. `closed` runs in the
    /// cancel handler, right after the descriptor is closed.
    public static func watch(
        _ path: String,
        on queue: DispatchQueue,
        log: @escaping @Sendable (String) -> Void,
        closed: @escaping @Sendable (Int32) -> Void = { _ in }
    ) -> (any DispatchSourceRead)? {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        let mask = changes | UInt32(IN_DELETE_SELF)
        guard fd >= 0, inotify_add_watch(fd, path, mask) >= 0 else {
            let code = errno  // read it before any other call changes it
            if fd >= 0 { close(fd) }
            let reason = String(cString: strerror(code))
            log("Unable to open \"\(path)\": \(reason) (\(code))")
            return nil
        }
        let source = DispatchSource.makeReadSource(
            fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            for event in readEvents(from: fd) {
                if event & changes != 0 { log("The directory changed.") }
                if event & UInt32(IN_DELETE_SELF) != 0 {
                    log("The directory has been deleted.")
                    source.cancel()  // nothing left to watch
                }
            }
        }
        source.setCancelHandler {
            close(fd)  // the only close: the source is done with it
            closed(fd)
        }
        source.resume()
        return source
    }
}

// MARK: - Reading the inotify records

extension DirectoryWatcher {
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

// MARK: - macOS: a directory tree with FSEvents, on a run loop

#if canImport(CoreServices)
    extension DirectoryWatcher {
        /// Watches a directory tree with FSEvents, on the run loop of the
        /// thread that creates it; macOS only, so not compiled or run here.
        ///
        /// The callback is a C function and captures nothing: the watcher
        /// passes itself, unretained, as the context's `info`, and the
        /// callback turns the pointer back into the watcher. Unretained means
        /// the owner must `stop()` before it lets the watcher go, or a late
        /// callback reads freed memory.
        @available(macOS, deprecated: 13, message: "schedules on a run loop")
        public final class TreeWatcher {
            private var stream: FSEventStreamRef?
            private let onChange: ([String]) -> Void

            /// Starts watching `path` and everything under it; nil if FSEvents
            /// refuses. The thread's run loop must run (the main thread's
            /// does).
            public init?(path: String, onChange: @escaping ([String]) -> Void) {
                self.onChange = onChange
                var context = FSEventStreamContext(
                    version: 0, info: nil, retain: nil, release: nil,
                    copyDescription: nil)
                context.info = Unmanaged.passUnretained(self).toOpaque()
                let callback: FSEventStreamCallback = {
                    _, info, _, paths, _, _ in
                    guard let info else { return }
                    let watcher = Unmanaged<TreeWatcher>.fromOpaque(info)
                        .takeUnretainedValue()
                    // UseCFTypes: a CFArray, one CFString per event.
                    let changed = unsafeBitCast(paths, to: NSArray.self)
                    watcher.onChange(changed as? [String] ?? [])
                }
                let flags =
                    kFSEventStreamCreateFlagUseCFTypes
                    | kFSEventStreamCreateFlagFileEvents
                guard
                    let stream = FSEventStreamCreate(
                        kCFAllocatorDefault, callback, &context,
                        [path] as CFArray,
                        FSEventStreamEventId(kFSEventStreamEventIdSinceNow),
                        0.1,
                        FSEventStreamCreateFlags(flags))
                else { return nil }
                FSEventStreamScheduleWithRunLoop(
                    stream, CFRunLoopGetCurrent(),
                    CFRunLoopMode.defaultMode.rawValue)
                FSEventStreamStart(stream)
                self.stream = stream
            }

            /// Stops, invalidates and releases the stream: no callback runs
            /// after it. Call it on the same thread, before the watcher goes.
            public func stop() {
                guard let stream else { return }
                FSEventStreamStop(stream)
                FSEventStreamInvalidate(stream)
                FSEventStreamRelease(stream)
                self.stream = nil
            }
        }
    }
#endif

// MARK: - Driver (the page's output; not part of the pattern)

extension DirectoryWatcher {
    /// Watches `directory`, adds a file to it, then deletes the directory, and
    /// returns once the watcher has closed its descriptor.
    public static func addFileThenDelete(
        _ directory: String, log: @escaping @Sendable (String) -> Void
    ) {
        let logged = DispatchSemaphore(value: 0)
        let closedDescriptor = DispatchSemaphore(value: 0)
        let source = watch(
            directory,
            on: DispatchQueue(label: "com.example.directoryWatcher"),
            log: { line in
                log(line)
                logged.signal()
            },
            closed: { _ in closedDescriptor.signal() })
        guard source != nil else { return }
        close(open(directory + "/note.txt", O_CREAT | O_WRONLY, 0o644))
        logged.wait()  // "The directory changed."
        try? FileManager.default.removeItem(atPath: directory)
        closedDescriptor.wait()
        log("The watcher has closed its descriptor.")
    }
}
