import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct WorkerThreadPoolTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// 300 concurrent callers (threads on the legacy side, tasks on the modern side), 4 pool
    /// threads: each item runs exactly once, on at most 4 distinct kernel threads, all of which
    /// have ended after `shutdown`.
    @Test(arguments: Side.allCases)
    func hundredsOfCallersRunEachItemOnceOnAtMostNThreads(_ side: Side) async {
        let callers = 300
        let runs = Locked<[Int: Int]>([:])
        let threads = Locked<Set<Int32>>([])
        let ran: @Sendable (Int) -> Void = { index in
            runs.withLock { $0[index, default: 0] += 1 }
            if let tid = LiveThreads.currentID() { threads.withLock { _ = $0.insert(tid) } }
        }
        switch side {
        case .legacy:
            await onOwnThread {
                let pool = Legacy.WorkerThreadPool(threadCount: 4)
                let done = DispatchGroup()
                DispatchQueue.concurrentPerform(iterations: callers) { index in
                    done.enter()
                    pool.submit { state in
                        if state == .active { ran(index) }
                        done.leave()
                    }
                }
                done.wait()
                pool.shutdown()
            }
        case .modern:
            let pool = Modern.WorkerThreadPool(threadCount: 4)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<callers {
                    group.addTask { _ = try? await pool.run { ran(index) } }
                }
            }
            await pool.shutdown()
        }
        #expect(runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<callers).map { ($0, 1) }))
        let used = threads.withLock { $0 }
        #expect(!used.isEmpty && used.count <= 4)
        for tid in used {
            #expect(await LiveThreads.settle(tid: tid) == false, "pool thread \(tid) still alive")
        }
    }

    /// Two threads busy, five items queued: shutdown cancels the five (they never run), waits for
    /// the two to finish and every thread to end; an item submitted afterwards is cancelled.
    @Test(arguments: Side.allCases)
    func shutdownCancelsQueuedAndLateItemsAndEndsEveryThread(_ side: Side) async throws {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let threads = Locked<Set<Int32>>([])
        let blocker: @Sendable () -> Int = {
            if let tid = LiveThreads.currentID() { threads.withLock { _ = $0.insert(tid) } }
            started.signal()
            gate.wait()
            return 1
        }
        var outcomes: [String] = []
        switch side {
        case .legacy:
            outcomes = await onOwnThread {
                let pool = Legacy.WorkerThreadPool(threadCount: 2)
                let outcomes = Locked<[String]>([])
                let settled = DispatchGroup()
                for _ in 0..<2 { pool.submit { _ in _ = blocker() } }
                started.wait()
                started.wait()
                for _ in 0..<5 {
                    settled.enter()
                    pool.submit { state in
                        outcomes.withLock { $0.append(state == .active ? "ran" : "cancelled") }
                        settled.leave()
                    }
                }
                let shutDown = DispatchSemaphore(value: 0)
                Thread {
                    pool.shutdown()
                    shutDown.signal()
                }.start()
                settled.wait()  // shutdown cancels the queued items before it waits
                gate.signal()
                gate.signal()
                shutDown.wait()
                pool.submit { state in
                    outcomes.withLock { $0.append(state == .active ? "late ran" : "late cancelled") }
                }
                return outcomes.withLock { $0 }
            }
        case .modern:
            let pool = Modern.WorkerThreadPool(threadCount: 2)
            let busy = (0..<2).map { _ in Task { try await pool.run(blocker) } }
            await onOwnThread {
                started.wait()
                started.wait()
            }
            let queued = (0..<5).map { _ in Task { try await pool.run { "ran" } } }
            try await eventually { pool.queuedCount >= 5 }
            async let shutDown: Void = pool.shutdown()
            for task in queued {
                do { outcomes.append(try await task.value) } catch is CancellationError {
                    outcomes.append("cancelled")
                }
            }
            gate.signal()
            gate.signal()
            await shutDown
            for task in busy { #expect(try await task.value == 1) }
            do {
                _ = try await pool.run { 0 }
                outcomes.append("late ran")
            } catch is CancellationError {
                outcomes.append("late cancelled")
            }
        }
        #expect(outcomes == Array(repeating: "cancelled", count: 5) + ["late cancelled"])
        #expect(threads.withLock { $0.count } == 2)
        for tid in threads.withLock({ $0 }) {
            #expect(await LiveThreads.settle(tid: tid) == false, "pool thread \(tid) still alive")
        }
    }

    /// Cancelled before `run`: the item is never queued, never runs, and the caller gets
    /// `CancellationError`.
    @Test func modernCancelBeforeCallNeverQueues() async {
        let pool = Modern.WorkerThreadPool(threadCount: 1)
        let ran = Locked(false)
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.run { ran.withLock { $0 = true } }
        }.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(pool.queuedCount == 0)
        await pool.shutdown()
        #expect(ran.withLock { $0 } == false)
    }

    /// 200 callers queued behind two busy threads, all cancelled: each gets `CancellationError`
    /// at once (the threads are still busy), none of their items runs, the queue is empty, and
    /// the pool then still runs two items at the same time (full capacity).
    @Test func modernCancelWhileQueuedRemovesItemAndKeepsCapacity() async throws {
        let pool = Modern.WorkerThreadPool(threadCount: 2)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let busy = (0..<2).map { _ in
            Task {
                try await pool.run {
                    started.signal()
                    gate.wait()
                }
            }
        }
        await onOwnThread {
            started.wait()
            started.wait()
        }
        let ran = Locked(0)
        let waiters = (0..<200).map { _ in Task { try await pool.run { ran.withLock { $0 += 1 } } } }
        try await eventually { pool.queuedCount >= 200 }
        for waiter in waiters { waiter.cancel() }
        for waiter in waiters {
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(pool.queuedCount == 0)
        gate.signal()
        gate.signal()
        for task in busy { try await task.value }
        // Full capacity: two items that each wait for the other can only finish side by side.
        let arrived = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        async let first: Void = pool.run {
            arrived.signal()
            go.wait()
        }
        async let second: Void = pool.run {
            arrived.signal()
            go.wait()
        }
        await onOwnThread {
            arrived.wait()
            arrived.wait()
            go.signal()
            go.signal()
        }
        try await first
        try await second
        await pool.shutdown()
        #expect(ran.withLock { $0 } == 0)
    }

    /// Cancelled after its item has started: the blocking item is not interrupted, and the caller
    /// gets its result.
    @Test func modernCancelAfterStartStillDeliversResult() async throws {
        let pool = Modern.WorkerThreadPool(threadCount: 1)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let task = Task {
            try await pool.run {
                started.signal()
                gate.wait()
                return 42
            }
        }
        await onOwnThread { started.wait() }
        task.cancel()
        gate.signal()
        #expect(try await task.value == 42)
        await pool.shutdown()
    }

    /// One thread, busy; ten callers arrive one after another: their items start in that order.
    @Test func modernItemsStartInSubmissionOrder() async throws {
        let pool = Modern.WorkerThreadPool(threadCount: 1)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let busy = Task {
            try await pool.run {
                started.signal()
                gate.wait()
            }
        }
        await onOwnThread { started.wait() }
        let order = Locked<[Int]>([])
        var callers: [Task<Void, any Error>] = []
        for index in 0..<10 {
            callers.append(Task { try await pool.run { order.withLock { $0.append(index) } } })
            try await eventually { pool.queuedCount >= index + 1 }
        }
        gate.signal()
        try await busy.value
        for caller in callers { try await caller.value }
        await pool.shutdown()
        #expect(order.withLock { $0 } == Array(0..<10))
    }

    /// The consumer (one blocked thread) is slower than 300 callers: none is refused or dropped;
    /// all wait in the queue, and all get their result once the thread is free.
    @Test func modernSlowThreadsQueueCallersWithoutDropping() async throws {
        let pool = Modern.WorkerThreadPool(threadCount: 1)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let busy = Task {
            try await pool.run {
                started.signal()
                gate.wait()
            }
        }
        await onOwnThread { started.wait() }
        let callers = (0..<300).map { index in Task { try await pool.run { index * 2 } } }
        try await eventually { pool.queuedCount >= 300 }
        gate.signal()
        try await busy.value
        var results: [Int] = []
        for caller in callers { results.append(try await caller.value) }
        await pool.shutdown()
        #expect(results == (0..<300).map { $0 * 2 })
    }
}
