import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ExclusiveGateTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// The two synchronous gates behind one face, for the tests that drive both on threads.
    struct Gate: Sendable {
        let shared: @Sendable (() -> Void) -> Void
        let exclusive: @Sendable (Duration, () -> Void) -> Bool
        let waiting: @Sendable () -> Int

        static func make(_ side: Side) -> Gate {
            switch side {
            case .legacy:
                let gate = Legacy.ExclusiveGate()
                return Gate(
                    shared: { gate.withShared($0) },
                    exclusive: { gate.withExclusive(timeout: $0, $1) != nil },
                    waiting: { gate.waitingWriters })
            case .modern:
                let gate = Modern.ExclusiveGate()
                return Gate(
                    shared: { gate.withShared($0) },
                    exclusive: { gate.withExclusive(timeout: $0, $1) != nil },
                    waiting: { gate.waiting })
            }
        }
    }

    /// Starts a thread; the returned semaphore is signalled when it has finished.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done
    }

    static func join(_ threads: [DispatchSemaphore]) async -> Bool {
        await onOwnThread { threads.allSatisfy { $0.wait(timeout: .now() + 10) == .success } }
    }

    /// Who is inside, and whether a writer ever shared the gate.
    final class Tally: Sendable {
        let state = Locked((readers: 0, writers: 0, violations: 0, done: 0))
        func read() {
            state.withLock {
                $0.readers += 1
                if $0.writers > 0 { $0.violations += 1 }
            }
            state.withLock {
                $0.readers -= 1
                $0.done += 1
            }
        }
        func write() {
            state.withLock {
                $0.writers += 1
                if $0.writers > 1 || $0.readers > 0 { $0.violations += 1 }
            }
            state.withLock {
                $0.writers -= 1
                $0.done += 1
            }
        }
    }

    @Test(arguments: Side.allCases)
    func writerNeverOverlapsAnyoneUnderLoad(_ side: Side) async {
        let gate = Gate.make(side)
        let tally = Tally()
        let threads = (0..<200).map { index in
            Self.spawn {
                if index % 10 == 0 {
                    _ = gate.exclusive(.seconds(30)) { tally.write() }
                } else {
                    gate.shared { tally.read() }
                }
            }
        }
        #expect(await Self.join(threads))
        let state = tally.state.withLock { $0 }
        #expect(state.violations == 0)
        #expect(state.done == 200)
    }

    @Test func writerNeverOverlapsAnyoneUnderLoadOnTheActor() async throws {
        let gate = AsyncExclusiveGate()
        let tally = Tally()
        try await withThrowingDiscardingTaskGroup { group in
            for index in 0..<200 {
                group.addTask {
                    if index % 10 == 0 {
                        try await gate.withExclusive { tally.write() }
                    } else {
                        try await gate.withShared { tally.read() }
                    }
                }
            }
        }
        let state = tally.state.withLock { $0 }
        #expect(state.violations == 0)
        #expect(state.done == 200)
        #expect(await gate.waiting == 0)
    }

    @Test(arguments: Side.allCases)
    func eightReadersAreInsideAtOnceAndTheWriterWaitsForThem(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy: await onOwnThread { Legacy.ExclusiveGate.readersAndAWriter(readers: 8, log: log) }
        case .modern: await onOwnThread { Modern.ExclusiveGate.readersAndAWriter(readers: 8, log: log) }
        }
        #expect(recorder.lines == ["readers inside at once: 8", "writer entered with 0 readers inside"])
    }

    @Test(arguments: Side.allCases)
    func writerTimesOutBehindAStuckReaderAndTheGateStaysUsable(_ side: Side) async throws {
        let recorder = Recorder()
        let log = recorder.logger
        let start = ContinuousClock.now
        switch side {
        case .legacy:
            await onOwnThread { Legacy.ExclusiveGate.timeOutBehindAStuckReader(timeout: .milliseconds(20), log: log) }
        case .modern:
            await onOwnThread { Modern.ExclusiveGate.timeOutBehindAStuckReader(timeout: .milliseconds(20), log: log) }
        }
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        #expect(recorder.lines == ["writer timed out", "a reader still gets in", "writer entered"])

        // A reader that arrived while the writer waited (held back by it) gets in once it gives up.
        let gate = Gate.make(side)
        let release = DispatchSemaphore(value: 0)
        let inside = DispatchSemaphore(value: 0)
        let stuck = Self.spawn { gate.shared { inside.signal(); release.wait() } }
        await onOwnThread { inside.wait() }
        // 100 ms, so that the reader usually arrives while the writer still waits; if this task is
        // not scheduled in time, the reader simply arrives after it gave up. Either way it gets in.
        let timedOut = Locked<Bool?>(nil)
        let writer = Self.spawn {
            let entered = gate.exclusive(.milliseconds(100)) {}
            timedOut.withLock { $0 = !entered }
        }
        try await eventually { !(gate.waiting() == 0 && timedOut.withLock({ $0 }) == nil) }
        let heldBack = Self.spawn { gate.shared {} }
        #expect(await Self.join([writer, heldBack]))
        #expect(timedOut.withLock { $0 } == true)
        #expect(gate.waiting() == 0)
        release.signal()
        #expect(await Self.join([stuck]))
        #expect(gate.exclusive(.seconds(1)) {})
    }

    /// R1 is inside; W1, R2 and W2 arrive in that order; R1 leaves.
    func lineUp(_ side: Side) async throws -> [String] {
        let gate = Gate.make(side)
        let order = Locked<[String]>([])
        let release = DispatchSemaphore(value: 0)
        let inside = DispatchSemaphore(value: 0)
        let r1 = Self.spawn { gate.shared { inside.signal(); release.wait() } }
        await onOwnThread { inside.wait() }
        let w1 = Self.spawn { _ = gate.exclusive(.seconds(30)) { order.withLock { $0.append("W1") } } }
        try await eventually { gate.waiting() >= 1 }
        let r2 = Self.spawn { gate.shared { order.withLock { $0.append("R2") } } }
        if side == .modern {
            try await eventually { gate.waiting() >= 2 }
        }
        let w2 = Self.spawn { _ = gate.exclusive(.seconds(30)) { order.withLock { $0.append("W2") } } }
        try await eventually { gate.waiting() >= (side == .modern ? 3 : 2) }
        release.signal()
        #expect(await Self.join([r1, w1, r2, w2]))
        return order.withLock { $0 }
    }

    @Test func legacyWaitingWritersGoBeforeWaitingReaders() async throws {
        let order = try await lineUp(.legacy)
        #expect(order.count == 3)
        #expect(order.last == "R2")
    }

    @Test func modernServesTheLineInArrivalOrder() async throws {
        #expect(try await lineUp(.modern) == ["W1", "R2", "W2"])

        // The actor keeps the same line.
        let gate = AsyncExclusiveGate()
        let order = Locked<[String]>([])
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let r1 = Task {
            try await gate.withShared {
                enter.yield()
                for await _ in released { break }
            }
        }
        for await _ in entered { break }
        let w1 = Task { try await gate.withExclusive { order.withLock { $0.append("W1") } } }
        try await eventually { await gate.waiting >= 1 }
        let r2 = Task { try await gate.withShared { order.withLock { $0.append("R2") } } }
        try await eventually { await gate.waiting >= 2 }
        let w2 = Task { try await gate.withExclusive { order.withLock { $0.append("W2") } } }
        try await eventually { await gate.waiting >= 3 }
        release.yield()
        for task in [r1, w1, r2, w2] { try await task.value }
        #expect(order.withLock { $0 } == ["W1", "R2", "W2"])
    }

    /// Cancellation before the call, while waiting (100 of 200) and after being let in.
    @Test func modernCancelledWaitersLeaveNothingBehind() async throws {
        let gate = AsyncExclusiveGate()
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await gate.withExclusive {
                enter.yield()
                for await _ in released { break }
            }
        }
        for await _ in entered { break }

        // Before the call: nothing joins the line.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await gate.withShared {}
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(await gate.waiting == 0)

        // While waiting: 200 waiters, one writer in ten; half of them cancelled.
        let ran = Locked(0)
        let waiters = (0..<200).map { index in
            Task {
                if index % 10 == 0 {
                    try await gate.withExclusive { ran.withLock { $0 += 1 } }
                } else {
                    try await gate.withShared { ran.withLock { $0 += 1 } }
                }
            }
        }
        try await eventually { await gate.waiting >= 200 }
        for waiter in waiters.prefix(100) { waiter.cancel() }
        for waiter in waiters.prefix(100) {
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(await gate.waiting == 100)
        release.yield()
        try await holder.value
        for waiter in waiters.suffix(100) { try await waiter.value }
        #expect(ran.withLock { $0 } == 100)
        #expect(await gate.waiting == 0)

        // After being let in: the body runs and the caller leaves; the gate is whole.
        let late = Task {
            try await gate.withExclusive {
                withUnsafeCurrentTask { $0?.cancel() }
                return Task.isCancelled
            }
        }
        #expect(try await late.value)
        let full = try await gate.withExclusive { true }
        #expect(full)
        #expect(await gate.waiting == 0)
    }
}
