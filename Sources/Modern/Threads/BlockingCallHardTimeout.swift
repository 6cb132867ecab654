import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking C call with a hard deadline: at the deadline, or on
/// cancellation, the call itself is stopped, and its thread ends before the
/// caller goes on.
///
/// A thread can't be killed, and a timeout around an `await` only stops the
/// waiting: the call goes on, holding its thread. So the call runs on a
/// thread of its own (not the cooperative pool), and the caller races it
/// against a sleep in a task group. Whoever loses is cancelled, and
/// cancelling the call's child runs `interrupt` at once, on the cancelling
/// thread: it must make the call return, as `shutdown(2)` does for a call
/// blocked on a socket. The group then waits for that child, so the thread
/// has ended when `run` returns or throws.
public nonisolated enum BlockingCallHardTimeout {
    /// The deadline passed first; the call was interrupted and has returned.
    public struct TimedOut: Error {}

    /// Runs `call` on a thread of its own and returns its value, or throws
    /// `TimedOut` after `timeout` or `CancellationError` when the calling
    /// task is cancelled, in both cases only after `interrupt` has made the
    /// call return. `interrupt` runs at most once, from any thread, maybe
    /// before the call has started or after it has returned.
    public static func run<T: Sendable>(
        timeout: Duration,
        interrupt: @escaping @Sendable () -> Void,
        _ call: @escaping @Sendable () -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await onItsOwnThread(call)
                } onCancel: {
                    interrupt()
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TimedOut()
            }
            // The first to finish; a throw cancels the other child and
            // waits for it, the call's thread included.
            let value = try await group.next()!
            group.cancelAll()  // the sleep
            try Task.checkCancellation()  // the call may have won the race
            return value
        }
    }

    /// Runs `body` on a new thread; resumes when the thread is done with it.
    static func onItsOwnThread<T: Sendable>(
        _ body: @escaping @Sendable () -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}

// MARK: - What not to do: a timeout that only stops the waiting

nonisolated extension BlockingCallHardTimeout {
    /// Returns at the deadline and leaves the call blocked on its thread,
    /// until the call returns by itself, which may be never.
    public static func stoppingOnlyTheWait<T: Sendable>(
        timeout: Duration, _ call: @escaping @Sendable () -> T
    ) async throws -> T {
        let (values, delivery) = AsyncStream.makeStream(of: T.self)
        Thread { delivery.yield(call()) }.start()  // nothing stops it
        let deadline = Task {
            try await Task.sleep(for: timeout)
            delivery.finish()
        }
        defer { deadline.cancel() }
        for await value in values { return value }
        throw TimedOut()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension BlockingCallHardTimeout {
    /// The device answers before the deadline.
    public static func answerBeforeDeadline(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let device = AnsweringDevice()
        device.answer("reading 42")
        await device.ask(timeout: timeout, log: log)
        device.hangUp()
    }

    /// The device stays silent past the deadline.
    public static func deadlinePasses(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let device = AnsweringDevice()
        await device.ask(timeout: timeout, log: log)
        device.hangUp()
    }

    /// The caller is cancelled while the call is blocked (the deadline is a
    /// minute away).
    public static func cancelledWhileBlocked(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let device = AnsweringDevice()
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let asking = Task {
            await device.ask(
                timeout: .seconds(60), log: log, entered: { enter.yield() })
        }
        for await _ in entered { break }  // the call is about to block
        asking.cancel()
        await asking.value
        device.hangUp()
    }

    /// The timeout that only stops the waiting: the call stays blocked
    /// until the driver shuts its socket down.
    public static func abandonedAtDeadline(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let device = AnsweringDevice()
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        device.blocked.withLock { $0 += 1 }
        do {
            let reply = try await stoppingOnlyTheWait(timeout: timeout) {
                defer {
                    device.blocked.withLock { $0 -= 1 }
                    end.yield()
                }
                return receive(from: device.caller)
            }
            log("answer: \(reply ?? "none")")
        } catch {
            log("timed out")
        }
        log("calls still blocked: \(device.blocked.withLock { $0 })")
        _ = shutdown(device.caller, Int32(SHUT_RDWR))
        for await _ in ended { break }
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
private nonisolated final class AnsweringDevice: Sendable {
    let caller: Int32
    let device: Int32
    /// Calls begun and not yet returned.
    let blocked = Mutex(0)

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

    /// One call through `run`, with the socket's shutdown as the interrupt.
    func ask(
        timeout: Duration, log: @escaping @Sendable (String) -> Void,
        entered: @escaping @Sendable () -> Void = {}
    ) async {
        blocked.withLock { $0 += 1 }
        do {
            let reply = try await BlockingCallHardTimeout.run(
                timeout: timeout,
                interrupt: { [caller] in _ = shutdown(caller, Int32(SHUT_RDWR))
                }
            ) { [self] in
                defer { blocked.withLock { $0 -= 1 } }
                entered()
                return BlockingCallHardTimeout.receive(from: caller)
            }
            log("answer: \(reply ?? "none")")
        } catch is BlockingCallHardTimeout.TimedOut {
            log("timed out: the call was interrupted")
        } catch {
            log("cancelled: the call was interrupted")
        }
        log("calls still blocked: \(blocked.withLock { $0 })")
    }

    func hangUp() {
        _ = close(caller)
        _ = close(device)
    }
}
