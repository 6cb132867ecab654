import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized, .timeLimit(.minutes(1))) struct BlockingCallHardTimeoutTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// A connected Unix socket pair: the caller's end and the device's end.
    static func socketPair() -> (caller: Int32, device: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        precondition(Glibc.send(descriptor, bytes, bytes.count, 0) == bytes.count)
    }

    /// The device answered before the call: both sides return the answer, and no call is left
    /// blocked.
    @Test(arguments: Side.allCases)
    func theAnswerArrivesBeforeTheDeadline(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.BlockingCallHardTimeout.answerBeforeDeadline(timeout: .seconds(60), log: recorder.logger)
            }
        case .modern:
            await Modern.BlockingCallHardTimeout.answerBeforeDeadline(timeout: .seconds(60), log: recorder.logger)
        }
        #expect(recorder.lines == ["answer: reading 42", "calls still blocked: 0"])
    }

    /// A silent device: at the deadline both sides interrupt the call, and return only once it has
    /// returned (the count of calls begun and not returned is back to 0).
    @Test(arguments: Side.allCases)
    func atTheDeadlineTheCallIsInterrupted(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.BlockingCallHardTimeout.deadlinePasses(timeout: .milliseconds(1), log: recorder.logger)
            }
        case .modern:
            await Modern.BlockingCallHardTimeout.deadlinePasses(timeout: .milliseconds(1), log: recorder.logger)
        }
        #expect(recorder.lines == ["timed out: the call was interrupted", "calls still blocked: 0"])
    }

    /// Modern: the thread the call ran on has ended, not only the call: ten timed-out calls leave
    /// the process's thread count where it was after a first one.
    @Test func modernTimedOutCallsLeaveNoThreadBehind() async throws {
        var before = 0
        for round in 0..<11 {
            // Round 0 warms up: the pool and Dispatch start their threads at first use.
            if round == 1 { before = try #require(ProcessThreads.count()) }
            let pair = Self.socketPair()
            await #expect(throws: Modern.BlockingCallHardTimeout.TimedOut.self) {
                try await Modern.BlockingCallHardTimeout.run(
                    timeout: .milliseconds(1), interrupt: { _ = shutdown(pair.caller, Int32(SHUT_RDWR)) }
                ) { Modern.BlockingCallHardTimeout.receive(from: pair.caller) }
            }
            close(pair.caller)
            close(pair.device)
        }
        #expect(await ProcessThreads.settled(atMost: before) ?? 0 <= before)
    }

    /// Cancelled while blocked (legacy: the same interrupt run from another thread): the call
    /// returns, and the caller goes on only after it has.
    @Test(arguments: Side.allCases)
    func cancellingInterruptsTheBlockedCall(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread { Legacy.BlockingCallHardTimeout.cancelledWhileBlocked(log: recorder.logger) }
        case .modern:
            await Modern.BlockingCallHardTimeout.cancelledWhileBlocked(log: recorder.logger)
        }
        #expect(recorder.lines == ["cancelled: the call was interrupted", "calls still blocked: 0"])
    }

    /// Modern: a task cancelled before `run` interrupts at once, before the call has started;
    /// `shutdown` stays in force, so the call returns as soon as it starts, and `run` throws
    /// `CancellationError`.
    @Test func modernCancelledBeforeTheCallStartsStillEndsIt() async throws {
        let pair = Self.socketPair()
        defer {
            close(pair.caller)
            close(pair.device)
        }
        let events = Locked<[String]>([])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Modern.BlockingCallHardTimeout.run(
                timeout: .seconds(60),
                interrupt: {
                    events.withLock { $0.append("interrupt") }
                    _ = shutdown(pair.caller, Int32(SHUT_RDWR))
                }
            ) {
                let reply = Modern.BlockingCallHardTimeout.receive(from: pair.caller)
                events.withLock { $0.append("call returned \(reply ?? "nil")") }
                return reply
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(events.withLock { $0 } == ["interrupt", "call returned nil"])
    }

    /// An answer that wins the race never runs the interrupt: the socket stays usable for the
    /// next message.
    @Test(arguments: Side.allCases)
    func anAnswerLeavesTheSocketOpen(_ side: Side) async throws {
        let pair = Self.socketPair()
        defer {
            close(pair.caller)
            close(pair.device)
        }
        let interrupted = Locked(false)
        let interrupt: @Sendable () -> Void = {
            interrupted.withLock { $0 = true }
            _ = shutdown(pair.caller, Int32(SHUT_RDWR))
        }
        Self.send("first", to: pair.device)
        let first: String??
        switch side {
        case .legacy:
            first = await onOwnThread {
                Legacy.BlockingCallHardTimeout.run(timeout: .seconds(60), interrupt: interrupt) {
                    Legacy.BlockingCallHardTimeout.receive(from: pair.caller)
                }
            }
        case .modern:
            first = try await Modern.BlockingCallHardTimeout.run(timeout: .seconds(60), interrupt: interrupt) {
                Modern.BlockingCallHardTimeout.receive(from: pair.caller)
            }
        }
        #expect(first == .some("first"))
        #expect(interrupted.withLock { $0 } == false)
        Self.send("second", to: pair.device)
        #expect(Modern.BlockingCallHardTimeout.receive(from: pair.caller) == "second")
    }

    /// Without an interrupt that stops the call, the deadline is not hard on either side: the
    /// timeout is reported only after the call has returned by itself. Here the "interrupt" only
    /// lets the call go on to return later; the order shows who waited for whom.
    @Test(arguments: Side.allCases)
    func withoutAWorkingInterruptTheTimeoutWaitsForTheCall(_ side: Side) async throws {
        let order = Locked<[String]>([])
        let released = DispatchSemaphore(value: 0)
        let interrupt: @Sendable () -> Void = {
            order.withLock { $0.append("interrupt") }
            released.signal()
        }
        let call: @Sendable () -> String = {
            released.wait()  // blocks until the deadline's interrupt
            order.withLock { $0.append("call returned") }
            return "late"
        }
        switch side {
        case .legacy:
            let value = await onOwnThread {
                Legacy.BlockingCallHardTimeout.run(timeout: .milliseconds(1), interrupt: interrupt, call)
            }
            #expect(value == nil)
        case .modern:
            await #expect(throws: Modern.BlockingCallHardTimeout.TimedOut.self) {
                try await Modern.BlockingCallHardTimeout.run(timeout: .milliseconds(1), interrupt: interrupt, call)
            }
        }
        order.withLock { $0.append("timed out") }
        #expect(order.withLock { $0 } == ["interrupt", "call returned", "timed out"])
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
        /// Whether a thread of this process is blocked in `recvfrom` (what `recv` calls) on the
        /// descriptor number `descriptor`: `/proc/self/task/<id>/syscall` gives the number of the
        /// call a thread is blocked in and its arguments, the descriptor first.
        static func aThreadIsBlockedInRecv(on descriptor: Int32) -> Bool {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.contains { task in
                guard let call = try? String(contentsOfFile: "/proc/self/task/\(task)/syscall", encoding: .utf8)
                else { return false }
                let fields = call.split(separator: " ")
                return fields.count > 1 && Int(fields[0]) == recvfrom
                    && Int(fields[1].dropFirst(2), radix: 16) == Int(descriptor)
            }
        }

        #if arch(x86_64)
            static let recvfrom = 45
        #else
            static let recvfrom = 207
        #endif

        /// Why the interrupt is `shutdown` and not `close`, on Linux: of two threads blocked in
        /// `recv`, the one whose socket is shut down returns 0, and the one whose descriptor is
        /// closed stays blocked in `recvfrom` on the closed number, until the other end hangs up.
        @Test func onLinuxShutdownWakesABlockedRecvAndCloseDoesNot() async throws {
            let (closed, shut) = (Self.socketPair(), Self.socketPair())
            let returned = Locked<[Int32: Int]>([:])
            let shutReturned = DispatchSemaphore(value: 0)
            let closedReturned = DispatchSemaphore(value: 0)
            for (socket, done) in [(closed.caller, closedReturned), (shut.caller, shutReturned)] {
                Thread {
                    var buffer = [UInt8](repeating: 0, count: 16)
                    let count = recv(socket, &buffer, buffer.count, 0)  // blocks
                    returned.withLock { $0[socket] = count }
                    done.signal()
                }.start()
            }
            for socket in [closed.caller, shut.caller] {
                try await eventually("a thread is blocked in recvfrom on \(socket)") {
                    Self.aThreadIsBlockedInRecv(on: socket)
                }
            }
            close(closed.caller)
            #expect(shutdown(shut.caller, Int32(SHUT_RDWR)) == 0)
            await onOwnThread { shutReturned.wait() }
            #expect(returned.withLock { $0[shut.caller] } == 0)
            // The shut-down call has returned; the closed one is still in recvfrom on its number.
            #expect(Self.aThreadIsBlockedInRecv(on: closed.caller))
            #expect(returned.withLock { $0[closed.caller] } == nil)
            close(closed.device)  // the other end hangs up: end-of-file
            await onOwnThread { closedReturned.wait() }
            #expect(returned.withLock { $0[closed.caller] } == 0)
            close(shut.caller)
            close(shut.device)
        }
    #endif

    /// What not to do: a timeout that only stops the waiting returns at the deadline with the
    /// call still blocked; only a shutdown from elsewhere ends it.
    @Test(arguments: Side.allCases)
    func stoppingOnlyTheWaitLeavesTheCallBlocked(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.BlockingCallHardTimeout.abandonedAtDeadline(timeout: .milliseconds(1), log: recorder.logger)
            }
        case .modern:
            await Modern.BlockingCallHardTimeout.abandonedAtDeadline(timeout: .milliseconds(1), log: recorder.logger)
        }
        #expect(recorder.lines == ["timed out", "calls still blocked: 1", "after shutdown: 0 blocked"])
    }
}
