import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker thread blocked in a socket read, stopped by shutting the socket
/// down under it, with a semaphore as its interruptible retry sleep.
///
/// A thread blocked in `read` doesn't look at any flag: setting one stops it
/// only after the device next sends something, which may be never. So `stop`
/// sets the flag and then wakes the blocked call: `shutdown(_:_:)` makes the
/// pending `read` return 0 at once. Between connections the worker pauses
/// before retrying; it sleeps on a semaphore with a timeout rather than in
/// `Thread.sleep`, so that `stop` can cut the pause short with one `signal`.
public final class InterruptibleBlockingWorker: @unchecked Sendable {
    // `@unchecked Sendable`: `stopping` and `socket` are guarded by `lock`.
    private let lock = NSLock()
    private var stopping = false
    private var socket: Int32 = -1
    private let retrySleep = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let retryDelay: Duration
    private let connect: @Sendable () -> Int32?
    private let received: @Sendable (String) -> Void

    /// `connect` opens the device (a descriptor the worker then owns and
    /// closes), or returns nil to be retried after `retryDelay`; `received`
    /// runs on the worker thread for each chunk read.
    public init(
        retryDelay: Duration,
        connect: @escaping @Sendable () -> Int32?,
        received: @escaping @Sendable (String) -> Void
    ) {
        self.retryDelay = retryDelay
        self.connect = connect
        self.received = received
    }

    public func start() {
        let thread = Thread { [self] in threadMain() }
        thread.name = "device-reader"
        thread.start()
    }

    /// Wakes the blocked read or the retry sleep, and waits until the thread
    /// has ended.
    public func stop() {
        lock.withLock {
            stopping = true
            if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        }
        retrySleep.signal()
        finished.wait()
        finished.signal()  // for the next caller
    }
}

// MARK: - The thread: read until closed, pause, reconnect

extension InterruptibleBlockingWorker {
    private func threadMain() {
        while true {
            guard let descriptor = connect() else {
                if pause() { continue } else { break }
            }
            // Published under the lock, so a stop either sees it or has
            // already set the flag this checks.
            let adopted = lock.withLock {
                guard !stopping else { return false }
                socket = descriptor
                return true
            }
            if !adopted {
                close(descriptor)
                break
            }
            readUntilClosed(descriptor)
            lock.withLock { socket = -1 }
            close(descriptor)
            guard pause() else { break }
        }
        finished.signal()  // the last thing the thread does
    }

    private func readUntilClosed(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)  // blocks
            if count < 0 && errno == EINTR { continue }
            // 0: closed by the device, or shut down by stop(); < 0: failed.
            guard count > 0 else { return }
            received(String(decoding: buffer[..<count], as: UTF8.self))
        }
    }

    /// The retry sleep: `false` if the worker is stopping, or was stopped
    /// during the sleep.
    private func pause() -> Bool {
        if lock.withLock({ stopping }) { return false }
        let nanoseconds = retryDelay / .nanoseconds(1)
        _ = retrySleep.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
        return !lock.withLock { stopping }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension InterruptibleBlockingWorker {
    /// A device on two socket pairs: it sends a reading and closes the
    /// first connection; the worker pauses, reconnects, gets a second
    /// reading, and is stopped while blocked in `read`.
    public static func readThenStop(
        retryDelay: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let pairs = (0..<2).map { _ in socketPair() }
        let connections = NSLock()
        nonisolated(unsafe) var next = 0  // guarded by `connections`
        let connected = DispatchSemaphore(value: 0)
        let got = DispatchSemaphore(value: 0)
        let worker = InterruptibleBlockingWorker(
            retryDelay: retryDelay,
            connect: {
                let index = connections.withLock {
                    defer { next += 1 }
                    return next
                }
                guard index < pairs.count else { return nil }
                log("connected (\(index + 1))")
                connected.signal()
                return pairs[index].worker
            },
            received: { text in
                log("received: \(text)")
                got.signal()
            })
        worker.start()
        for (index, pair) in pairs.enumerated() {
            connected.wait()
            send("reading \(index + 1)", to: pair.device)
            got.wait()
            if index == 0 { close(pair.device) }  // the device hangs up
        }
        worker.stop()  // the worker is blocked in read on connection 2
        log("stopped while blocked: the thread has ended")
        close(pairs[1].device)
    }

    static func socketPair() -> (worker: Int32, device: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        precondition(socketpair(AF_UNIX, kind, 0, &ends) == 0, "socketpair")
        return (ends[0], ends[1])
    }

    static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        precondition(write(descriptor, bytes, bytes.count) == bytes.count)
    }
}
