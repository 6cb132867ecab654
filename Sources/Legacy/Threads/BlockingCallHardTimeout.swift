import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking C call with a hard deadline: a block on a global queue, a
/// semaphore waited on with a timeout, and past the deadline the call itself
/// stopped before the caller goes on.
///
/// `DispatchSemaphore.wait(timeout:)` only stops the waiting: the block goes
/// on, blocked in the call, and holds its worker thread for as long as the
/// call does. Nothing can kill the thread, and `DispatchWorkItem.cancel()`
/// does not stop a block that has started. So past the deadline the caller
/// runs `interrupt`, which must make the call return, as `shutdown(2)` does
/// for a call blocked on a socket, and waits for the block to finish.
public enum BlockingCallHardTimeout {
    /// Runs `call` on a global queue and returns its value, or nil after
    /// `timeout`, once `interrupt` has made the call return. Another thread
    /// may run `interrupt` too, to stop the call early: `run` then returns
    /// what the interrupted call returned.
    public static func run<T: Sendable>(
        timeout: Duration,
        interrupt: () -> Void,
        _ call: @escaping @Sendable () -> T
    ) -> T? {
        nonisolated(unsafe) var value: T?  // written before `signal`
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            value = call()
            done.signal()
        }
        let nanoseconds = Int(timeout / .nanoseconds(1))
        if done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
            interrupt()  // the call returns…
            done.wait()  // …and its thread is free again
            return nil
        }
        return value
    }
}

// MARK: - What not to do: a timeout that only stops the waiting

extension BlockingCallHardTimeout {
    /// Returns nil at the deadline and leaves the block blocked in the call,
    /// on its worker thread, until the call returns by itself, which may be
    /// never.
    public static func stoppingOnlyTheWait<T: Sendable>(
        timeout: Duration, _ call: @escaping @Sendable () -> T
    ) -> T? {
        nonisolated(unsafe) var value: T?
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            value = call()  // nothing stops it
            done.signal()
        }
        let nanoseconds = Int(timeout / .nanoseconds(1))
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
        else { return nil }
        return value
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension BlockingCallHardTimeout {
    /// The device answers before the deadline.
    public static func answerBeforeDeadline(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let device = AnsweringDevice()
        device.answer("reading 42")
        device.ask(timeout: timeout, log: log)
        device.hangUp()
    }

    /// The device stays silent past the deadline.
    public static func deadlinePasses(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let device = AnsweringDevice()
        device.ask(timeout: timeout, log: log)
        device.hangUp()
    }

    /// Another thread stops the call while it is blocked (the deadline is a
    /// minute away): it runs the same interrupt, as a cancel button would.
    public static func cancelledWhileBlocked(
        log: @escaping @Sendable (String) -> Void
    ) {
        let device = AnsweringDevice()
        let entered = DispatchSemaphore(value: 0)
        let asked = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            device.ask(
                timeout: .seconds(60), log: log, entered: { entered.signal() })
            asked.signal()
        }
        entered.wait()  // the call is about to block
        device.cancel()
        asked.wait()
        device.hangUp()
    }

    /// The timeout that only stops the waiting: the call stays blocked
    /// until the driver shuts its socket down.
    public static func abandonedAtDeadline(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let device = AnsweringDevice()
        let ended = DispatchSemaphore(value: 0)
        device.blocked.withLock { $0 += 1 }
        let reply = stoppingOnlyTheWait(timeout: timeout) {
            defer {
                device.blocked.withLock { $0 -= 1 }
                ended.signal()
            }
            return receive(from: device.caller)
        }
        if let reply {
            log("answer: \(reply ?? "none")")
        } else {
            log("timed out")
        }
        log("calls still blocked: \(device.blocked.withLock { $0 })")
        _ = shutdown(device.caller, Int32(SHUT_RDWR))
        ended.wait()
        log("after shutdown: \(device.blocked.withLock { $0 }) blocked")
        device.hangUp()
    }

    /// Reads one message: nil once the socket is shut down or closed.
    public static func receive(from socket: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)  // blocks
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    }
}

/// A socket pair: the caller's end, and the device's end that answers.
private final class AnsweringDevice: Sendable {
    let caller: Int32
    let device: Int32
    /// Calls begun and not yet returned.
    let blocked = NSLockedCount()
    /// Set before a cancel's shutdown.
    let cancelled = NSLockedCount()

    init() {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        precondition(socketpair(AF_UNIX, kind, 0, &ends) == 0, "socketpair")
        (caller, device) = (ends[0], ends[1])
    }

    func answer(_ text: String) {
        let bytes = Array(text.utf8)
        precondition(send(device, bytes, bytes.count, 0) == bytes.count)
    }

    /// Stops a call blocked on the socket, from any thread.
    func cancel() {
        cancelled.withLock { $0 = 1 }
        _ = shutdown(caller, Int32(SHUT_RDWR))
    }

    /// One call through `run`, with the socket's shutdown as the interrupt.
    func ask(
        timeout: Duration, log: @escaping @Sendable (String) -> Void,
        entered: @escaping @Sendable () -> Void = {}
    ) {
        blocked.withLock { $0 += 1 }
        let reply = BlockingCallHardTimeout.run(
            timeout: timeout,
            interrupt: { _ = shutdown(caller, Int32(SHUT_RDWR)) }
        ) { [self] in
            defer { blocked.withLock { $0 -= 1 } }
            entered()
            return BlockingCallHardTimeout.receive(from: caller)
        }
        switch reply {
        case nil: log("timed out: the call was interrupted")
        case .some(nil) where cancelled.withLock({ $0 }) == 1:
            log("cancelled: the call was interrupted")
        case .some(let answer): log("answer: \(answer ?? "none")")
        }
        log("calls still blocked: \(blocked.withLock { $0 })")
    }

    func hangUp() {
        _ = close(caller)
        _ = close(device)
    }
}

/// An `Int` guarded by an `NSLock`.
private final class NSLockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0  // guarded by `lock`

    func withLock<R>(_ body: (inout Int) -> R) -> R {
        lock.withLock { body(&value) }
    }
}
