import Foundation

/// Starting a thread that downloads a URL, then reports to the main queue.
///
/// Cocoa offers three ways to start a thread with an entry point and an
/// argument: `detachNewThreadSelector:toTarget:withObject:`,
/// `performSelectorInBackground:withObject:` (the same thing, on any object),
/// and `initWithTarget:selector:object:` followed by `start`. Selectors don't
/// exist on Linux, and in Swift all three take a closure: the first two become
/// `Thread.detachNewThread`, the third `Thread(block:)`, which lets you
/// configure the thread and keep a handle before it runs. Either way the
/// thread returns nothing and can't be joined: the entry point hands its
/// result to the main queue itself, and tells whoever waits through a
/// callback.
public enum DownloadThread {
    /// The thread's entry point, `downloadImage:`: a blocking load, then
    /// the UI update on the main queue.
    ///
    /// - Parameters:
    ///   - load: a blocking load, like `Data(contentsOf:)`.
    ///   - show: updates the UI; called on the main queue.
    ///   - done: called on the main queue after `show`.
    static func download(
        _ url: URL,
        load: @Sendable (URL) throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        do {
            let data = try load(url)
            log("downloaded \(data.count) bytes")
        } catch {
            log("download failed: \(error)")
        }
        DispatchQueue.main.async {
            show("UI updated")
            done()
        }
    }

    /// `initWithTarget:selector:object:` then `start`: the thread object
    /// exists before the thread does, so it can be configured (stack size,
    /// quality of service) and kept, to cancel it or ask `isFinished` later.
    @discardableResult
    public static func start(
        _ url: URL,
        stackSize: Int = 1 << 20,
        load: @escaping @Sendable (URL) throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) -> Thread {
        let thread = Thread {
            download(url, load: load, log: log, show: show, done: done)
        }
        thread.stackSize = stackSize
        thread.qualityOfService = .utility
        thread.start()  // this creates the thread
        return thread
    }
}

// MARK: - detachNewThread: started at once, no handle

extension DownloadThread {
    /// `detachNewThreadSelector:` and `performSelectorInBackground:`: a new
    /// thread at once, with default settings and no handle.
    public static func detach(
        _ url: URL,
        load: @escaping @Sendable (URL) throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        Thread.detachNewThread {
            download(url, load: load, log: log, show: show, done: done)
        }
    }
}
