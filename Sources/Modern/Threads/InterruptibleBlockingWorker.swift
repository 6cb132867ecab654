import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker that keeps its thread for blocking device I/O; the task that
/// awaits it stops it by cancellation, which wakes the blocked call through
/// a self-pipe.
///
/// The thread stays: a call blocked in `read` or `poll` would hold one of
/// the cooperative pool's few threads for as long as the device is silent.
/// The caller awaits `run()`, which a continuation resumes when the thread
/// ends. Cancelling that task runs the cancellation handler at once, on the
/// cancelling thread, and the handler writes one byte to a pipe: the worker
/// waits in `poll` on its descriptor and on that pipe together, so the byte
/// wakes it wherever it is blocked, for any kind of descriptor. The byte is
/// never read, so the pipe stays readable: it is the stop flag too, and the
/// retry sleep between connections is a `poll` on it with a timeout.
public nonisolated final class InterruptibleBlockingWorker: Sendable {
    /// `pipe(2)` failed.
    public struct PipeError: Error { public let errno: Int32 }

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

    /// Runs the worker on its own thread until the calling task is
    /// cancelled; returns once the thread has ended.
    public func run() async throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw PipeError(errno: errno) }
        let (wake, wakeUp) = (ends[0], ends[1])
        defer {
            close(wake)
            close(wakeUp)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { ended in
                let thread = Thread { [self] in
                    loop(wake: wake)
                    ended.resume()  // the thread's last act
                }
                thread.name = "device-reader"
                thread.start()
            }
        } onCancel: {
            var byte: UInt8 = 1
            _ = write(wakeUp, &byte, 1)  // wakes the poll, wherever it is
        }
    }
}

// MARK: - The thread: read until closed, pause, reconnect

nonisolated extension InterruptibleBlockingWorker {
    private func loop(wake: Int32) {
        while !woken(wake, within: .zero) {
            guard let descriptor = connect() else {
                if woken(wake, within: retryDelay) { break } else { continue }
            }
            readUntilClosed(descriptor, wake: wake)
            close(descriptor)
            if woken(wake, within: retryDelay) { break }  // the retry sleep
        }
    }

    private func readUntilClosed(_ descriptor: Int32, wake: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            var watched = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, 2, -1)  // blocks, on both
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, watched[1].revents == 0 else { return }  // woken
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            // 0: closed by the device; < 0: failed.
            guard count > 0 else { return }
            received(String(decoding: buffer[..<count], as: UTF8.self))
        }
    }

    /// Waits up to `timeout` for the wake pipe: `true` once it has been
    /// written to (it stays readable).
    private func woken(_ wake: Int32, within timeout: Duration) -> Bool {
        var watched = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            clamping: Int64((timeout / .milliseconds(1)).rounded(.up)))
        while true {
            let ready = poll(&watched, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension InterruptibleBlockingWorker {
    /// A device on two socket pairs: it sends a reading and closes the
    /// first connection; the worker pauses, reconnects, gets a second
    /// reading, and is cancelled while blocked in `poll`.
    public static func readThenStop(
        retryDelay: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let pairs = (0..<2).map { _ in socketPair() }
        let (events, event) = AsyncStream.makeStream(of: Int.self)
        let next = ConnectionCounter()
        let worker = InterruptibleBlockingWorker(
            retryDelay: retryDelay,
            connect: {
                let index = next.take()
                guard index < pairs.count else { return nil }
                log("connected (\(index + 1))")
                event.yield(index)
                return pairs[index].worker
            },
            received: { text in
                log("received: \(text)")
                event.yield(-1)
            })
        let running = Task { try await worker.run() }
        var iterator = events.makeAsyncIterator()
        for (index, pair) in pairs.enumerated() {
            _ = await iterator.next()  // connected
            send("reading \(index + 1)", to: pair.device)
            _ = await iterator.next()  // received
            if index == 0 { close(pair.device) }  // the device hangs up
        }
        running.cancel()  // the worker is blocked in poll on connection 2
        _ = await running.result
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

/// Hands out 0, 1, 2, … to whichever thread asks.
nonisolated final class ConnectionCounter: Sendable {
    private let next = Mutex(0)
    func take() -> Int {
        next.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
