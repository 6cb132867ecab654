import Foundation
import Synchronization

/// The gate keeps its synchronous API; its state moves into a `Mutex`, and a
/// blocked caller parks its own thread.
///
/// Every decision (who is inside, who waits, who goes next) is made inside
/// the `Mutex` by `GateLine`, a plain state machine. Swift has no condition
/// variable, so a caller that must wait parks on a one-shot
/// `DispatchSemaphore` of its own: the semaphore decides nothing, it only
/// wakes the thread the line let in. The waiting stays on the caller's thread
/// and is for threads only: never call it from a task (it would block a
/// cooperative thread); async callers use `AsyncExclusiveGate` below. The
/// line is FIFO: a waiting writer holds back every reader behind it, and the
/// readers at the front go in together.
public nonisolated final class ExclusiveGate: Sendable {
    private let line = Mutex(GateLine<DispatchSemaphore>())

    public init() {}

    /// Runs `body` in shared mode, after the writers ahead have gone.
    public func withShared<R>(_ body: () throws -> R) rethrows -> R {
        _ = enter(.shared, timeout: nil)
        defer { leave(.shared) }
        return try body()
    }

    /// Runs `body` alone; `nil` if the gate didn't drain within `timeout`.
    public func withExclusive<R>(
        timeout: Duration, _ body: () throws -> R
    ) rethrows -> R? {
        guard enter(.exclusive, timeout: timeout) else { return nil }
        defer { leave(.exclusive) }
        return try body()
    }

    /// How many callers wait in line.
    public var waiting: Int { line.withLock { $0.count } }

    typealias Kind = GateLine<DispatchSemaphore>.Kind

    func enter(_ kind: Kind, timeout: Duration?) -> Bool {
        let parking = DispatchSemaphore(value: 0)
        let ticket = line.withLock { line in
            let ticket = line.takeTicket()
            return line.arrive(kind, ticket: ticket, parking) ? nil : ticket
        }
        guard let ticket else { return true }  // in at once
        guard let timeout else {
            parking.wait()
            return true
        }
        let deadline = DispatchTime.now() + timeout / .seconds(1)
        if parking.wait(timeout: deadline) == .success { return true }
        let (gaveUp, letIn) = line.withLock { $0.withdraw(ticket) }
        for thread in letIn { thread.signal() }
        if gaveUp != nil { return false }
        parking.wait()  // let in at the deadline: its wake-up is on the way
        return true
    }

    func leave(_ kind: Kind) {
        let letIn = line.withLock { $0.leave(kind) }
        for thread in letIn { thread.signal() }  // outside the lock
    }
}

// MARK: - The state machine: who is inside, who waits in line

/// The gate's rules, with no locking and no waiting of its own: the `Mutex`
/// (or the actor) around it makes it safe, and `Waiter` is whatever wakes a
/// caller (a semaphore, a continuation).
public nonisolated struct GateLine<Waiter> {
    public enum Kind: Sendable { case shared, exclusive }

    private var readers = 0
    private var writer = false
    private var line: [(ticket: Int, kind: Kind, waiter: Waiter)] = []
    private var lastTicket = 0

    public init() {}

    var count: Int { line.count }

    /// A ticket for `arrive` (and for `withdraw`, if the caller gives up).
    mutating func takeTicket() -> Int {
        lastTicket += 1
        return lastTicket
    }

    /// Enters now (`true`) if no one waits and `kind` fits; otherwise joins
    /// the end of the line.
    mutating func arrive(_ kind: Kind, ticket: Int, _ waiter: Waiter) -> Bool {
        if line.isEmpty && fits(kind) {
            admit(kind)
            return true
        }
        line.append((ticket, kind, waiter))
        return false
    }

    /// Leaves; returns the waiters let in, to wake outside the lock.
    mutating func leave(_ kind: Kind) -> [Waiter] {
        if kind == .shared { readers -= 1 } else { writer = false }
        return letInFromFront()
    }

    /// Gives up a place (timeout, cancellation). `waiter` is `nil` if the
    /// ticket was let in already: that caller is inside and must leave.
    mutating func withdraw(_ ticket: Int) -> (waiter: Waiter?, letIn: [Waiter])
    {
        guard let index = line.firstIndex(where: { $0.ticket == ticket }) else {
            return (nil, [])
        }
        let waiter = line.remove(at: index).waiter
        return (waiter, letInFromFront())  // it may have held readers back
    }

    private func fits(_ kind: Kind) -> Bool {
        kind == .shared ? !writer : !writer && readers == 0
    }

    private mutating func admit(_ kind: Kind) {
        if kind == .shared { readers += 1 } else { writer = true }
    }

    private mutating func letInFromFront() -> [Waiter] {
        var letIn: [Waiter] = []
        while let first = line.first, fits(first.kind) {
            admit(first.kind)
            letIn.append(line.removeFirst().waiter)
        }
        return letIn
    }
}

// MARK: - For async callers: an actor with continuations

/// The same line for callers that can `await`: a waiter is a continuation,
/// and suspends instead of blocking. A caller cancelled while it waits is
/// withdrawn (its continuation resumed with `CancellationError`, the readers
/// it held back let in); one cancelled after it was let in runs its body and
/// leaves as usual. A deadline is a cancellation: race the call against
/// `clock.sleep(for:)` in a task group.
public actor AsyncExclusiveGate {
    typealias Waiter = CheckedContinuation<Void, any Error>
    private var line = GateLine<Waiter>()

    public init() {}

    /// How many callers wait in line.
    public var waiting: Int { line.count }

    /// Runs `body` in shared mode, after the writers ahead have gone.
    public nonisolated func withShared<R>(
        _ body: () async throws -> R
    ) async throws -> R {
        try await enter(.shared)
        do {
            let result = try await body()
            await leave(.shared)
            return result
        } catch {
            await leave(.shared)
            throw error
        }
    }

    /// Runs `body` alone, once the callers ahead have left.
    public nonisolated func withExclusive<R>(
        _ body: () async throws -> R
    ) async throws -> R {
        try await enter(.exclusive)
        do {
            let result = try await body()
            await leave(.exclusive)
            return result
        } catch {
            await leave(.exclusive)
            throw error
        }
    }

    func enter(_ kind: GateLine<Waiter>.Kind) async throws {
        try Task.checkCancellation()
        let ticket = line.takeTicket()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                if line.arrive(kind, ticket: ticket, waiter) { waiter.resume() }
            }
        } onCancel: {
            // After the waiter joined the line (the actor is busy until
            // then), or after it was let in (then there is nothing to undo).
            Task { await self.withdraw(ticket) }
        }
    }

    func leave(_ kind: GateLine<Waiter>.Kind) {
        for waiter in line.leave(kind) { waiter.resume() }
    }

    private func withdraw(_ ticket: Int) {
        let (cancelled, letIn) = line.withdraw(ticket)
        cancelled?.resume(throwing: CancellationError())
        for waiter in letIn { waiter.resume() }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ExclusiveGate {
    /// `readers` threads enter shared and stay until all are inside at once;
    /// then a writer asks for exclusive access while they are inside, and
    /// they leave. Logs how many readers were inside together, and how many
    /// were inside when the writer entered.
    public static func readersAndAWriter(
        readers: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let gate = ExclusiveGate()
        let inside = Tally()
        let arrived = DispatchGroup()
        let leave = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<readers {
            arrived.enter()
            finished.enter()
            Thread {
                gate.withShared {
                    inside.count.add(1, ordering: .sequentiallyConsistent)
                    arrived.leave()
                    leave.wait()  // stay until the writer is waiting
                    inside.count.subtract(1, ordering: .sequentiallyConsistent)
                }
                finished.leave()
            }.start()
        }
        arrived.wait()
        log("readers inside at once: \(inside.value)")
        finished.enter()
        Thread {
            let seen = gate.withExclusive(timeout: .seconds(30)) {
                inside.value
            }
            log("writer entered with \(seen ?? -1) readers inside")
            finished.leave()
        }.start()
        while gate.waiting == 0 { Thread.sleep(forTimeInterval: 0.001) }
        for _ in 0..<readers { leave.signal() }
        finished.wait()
    }

    /// A reader is stuck inside; a writer with `timeout` gives up, a reader
    /// still gets in, and once the stuck reader leaves a writer gets in.
    public static func timeOutBehindAStuckReader(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let gate = ExclusiveGate()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let left = DispatchSemaphore(value: 0)
        Thread {
            gate.withShared {
                inside.signal()
                release.wait()
            }
            left.signal()
        }.start()
        inside.wait()
        log(
            gate.withExclusive(timeout: timeout) { "writer entered" }
                ?? "writer timed out")
        gate.withShared { log("a reader still gets in") }
        release.signal()
        left.wait()
        log(
            gate.withExclusive(timeout: timeout) { "writer entered" }
                ?? "writer timed out")
    }

    nonisolated final class Tally: Sendable {
        let count = Atomic(0)
        var value: Int { count.load(ordering: .sequentiallyConsistent) }
    }
}
