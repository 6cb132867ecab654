import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hand-written event loop: one thread in `poll(2)` over registered
/// descriptors and the read end of a self-pipe, with timed callbacks.
///
/// Servers and emulators keep such a loop (`select`, `kqueue` and
/// `epoll_wait` loops have the same shape): handlers run on the loop's
/// thread, so what they touch needs no lock. Other threads register a
/// descriptor or schedule a callback under a lock, then write one byte to
/// the self-pipe: `poll` returns, and the loop picks up the change before
/// it polls again. Timers are a list sorted by deadline; the first one's
/// deadline is `poll`'s timeout. `stop()` sets a flag, writes to the pipe,
/// and waits for the thread to end.
public final class EventLoopThread: @unchecked Sendable {
    // `@unchecked Sendable`: `handlers`, `timers` and `stopping` are guarded
    // by `lock`; handlers and timers are called on the loop's thread.
    private let lock = NSLock()
    private var handlers: [Int32: @Sendable (Int32) -> Void] = [:]
    private var timers: [(deadline: UInt64, callback: @Sendable () -> Void)] =
        []  // sorted by deadline
    private var stopping = false
    private let wake: Int32
    private let wakeUp: Int32
    private let finished = DispatchSemaphore(value: 0)

    /// Makes the self-pipe and starts the loop's thread.
    public init(name: String) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe")
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        (wake, wakeUp) = (ends[0], ends[1])
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    // Not when the thread ends: a late `register` would write to a closed
    // descriptor, or to another file that reused its number.
    deinit {
        close(wake)
        close(wakeUp)
    }

    /// Calls `handler` on the loop's thread each time `descriptor` is
    /// readable, until `unregister`; the handler must read what is there.
    public func register(
        _ descriptor: Int32, handler: @escaping @Sendable (Int32) -> Void
    ) {
        lock.withLock { handlers[descriptor] = handler }
        wakeThread()
    }

    /// Stops watching `descriptor`; its handler is not called again.
    public func unregister(_ descriptor: Int32) {
        lock.withLock { handlers[descriptor] = nil }
        wakeThread()
    }

    /// Calls `callback` on the loop's thread once `delay` has passed, after
    /// the timers due before it.
    public func schedule(
        after delay: Duration, _ callback: @escaping @Sendable () -> Void
    ) {
        let nanoseconds = UInt64(delay / .nanoseconds(1))
        let deadline = DispatchTime.now().uptimeNanoseconds + nanoseconds
        lock.withLock {
            let index = timers.firstIndex { $0.deadline > deadline }
            timers.insert((deadline, callback), at: index ?? timers.endIndex)
        }
        wakeThread()
    }

    /// Drops the handlers and pending timers, and waits until the thread has
    /// ended. Calling it again only waits.
    public func stop() {
        lock.withLock { stopping = true }
        wakeThread()
        finished.wait()
        finished.signal()  // passes the news on to the next stop()
    }

    private func wakeThread() {
        var byte: UInt8 = 1
        _ = write(wakeUp, &byte, 1)  // a full pipe is readable already
    }
}

// MARK: - The thread: poll, then ready descriptors and timers

extension EventLoopThread {
    private func run() {
        while true {
            let (descriptors, deadline, stop) = lock.withLock {
                (Array(handlers.keys), timers.first?.deadline, stopping)
            }
            if stop { break }
            var watched = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            for descriptor in descriptors {
                watched.append(
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&watched, nfds_t(watched.count), timeout(deadline))
            if ready < 0 { continue }  // EINTR: poll again
            if watched[0].revents != 0 { drainWakePipe() }
            for entry in watched.dropFirst() where entry.revents != 0 {
                // Looked up again: it may have been unregistered meanwhile.
                let handler = lock.withLock { handlers[entry.fd] }
                handler?(entry.fd)  // outside the lock: it may register
            }
            let now = DispatchTime.now().uptimeNanoseconds
            while let callback = lock.withLock({
                () -> (@Sendable () -> Void)? in
                guard let first = timers.first, first.deadline <= now
                else { return nil }
                return timers.removeFirst().callback
            }) {
                callback()
            }
        }
        lock.withLock {
            handlers = [:]
            timers = []
        }
        finished.signal()  // the last thing the thread does
    }

    private func timeout(_ deadline: UInt64?) -> Int32 {
        guard let deadline else { return -1 }  // no timer: wait for an event
        let now = DispatchTime.now().uptimeNanoseconds
        let left = deadline > now ? deadline - now : 0
        return Int32(clamping: (left + 999_999) / 1_000_000)
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake, &bytes, bytes.count) > 0 {}  // non-blocking
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension EventLoopThread {
    /// A pipe and a socket pair on one loop, two timers scheduled out of
    /// order, the socket's far end closed, then a stop with a timer pending.
    public static func serveTwoDescriptors(
        timerDelay: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let loop = EventLoopThread(name: "event-loop")
        let pipe = makePipe()
        let socket = makeSocketPair()
        let done = DispatchSemaphore(value: 0)
        loop.register(pipe.read) { descriptor in
            log("pipe: \(readText(descriptor) ?? "closed")")
            done.signal()
        }
        loop.register(socket.loop) { descriptor in
            guard let text = readText(descriptor) else {
                loop.unregister(descriptor)  // end of file
                log("socket: closed")
                done.signal()
                return
            }
            log("socket: \(text)")
            done.signal()
        }
        send("ping", to: pipe.write)
        done.wait()
        send("pong", to: socket.peer)
        done.wait()
        loop.schedule(after: timerDelay * 5) {
            log("timer: late (scheduled first)")
            done.signal()
        }
        loop.schedule(after: timerDelay) {
            log("timer: early")
            done.signal()
        }
        done.wait()
        done.wait()
        close(socket.peer)
        done.wait()
        loop.schedule(after: .seconds(60)) { log("timer: never") }
        loop.stop()
        log("stopped; the 60 s timer was dropped")
        for descriptor in [pipe.read, pipe.write, socket.loop] {
            close(descriptor)
        }
    }

    /// A reader gets one message, then leaves; a message written after it
    /// left stays in the pipe.
    public static func readerLeaves(log: @escaping @Sendable (String) -> Void) {
        let loop = EventLoopThread(name: "event-loop")
        let pipe = makePipe()
        let got = DispatchSemaphore(value: 0)
        loop.register(pipe.read) { descriptor in
            log("reader got: \(readText(descriptor) ?? "closed")")
            got.signal()
        }
        send("first", to: pipe.write)
        got.wait()
        loop.unregister(pipe.read)
        log("reader left")
        send("late", to: pipe.write)
        // A timer due now runs after the ready descriptors of its turn.
        loop.schedule(after: .zero) { got.signal() }
        got.wait()
        let left = readText(pipe.read) ?? "nothing"
        log("after it left: \"\(left)\" is still in the pipe")
        loop.stop()
        close(pipe.read)
        close(pipe.write)
    }

    static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe")
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }

    static func makeSocketPair() -> (loop: Int32, peer: Int32) {
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

    /// One read: the text, or nil at end of file (or nothing to read).
    static func readText(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
