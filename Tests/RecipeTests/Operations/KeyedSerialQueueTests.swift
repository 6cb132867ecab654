import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct KeyedSerialQueueTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let keys = ["k0", "k1", "k2", "k3"]

    /// Submits `count` jobs over four keys from one caller, in order, and waits until every job
    /// has ended and the table is empty.
    static func runInOrder(_ side: Side, count: Int) async -> (KeyedRuns, activeKeys: Int) {
        let runs = OrderingWatch(KeyedRuns())
        switch side {
        case .legacy:
            let idle = OrderingWatch(0)
            let queue = Legacy.KeyedSerialQueue<String>(log: { _ in idle.update { $0 += 1 } })
            let operations = (0..<count).map { job in
                let key = keys[job % keys.count]
                return queue.submit(key: key) {
                    runs.update { $0.start(key, job) }
                    runs.update { $0.end(key) }
                }
            }
            await onOwnThread { for operation in operations { operation.waitUntilFinished() } }
            // The completion blocks run a moment later, on a global queue; each logs when it
            // empties a key, and the last one leaves the table empty.
            await idle.until { _ in queue.activeKeyCount == 0 }
            return (runs.value, queue.activeKeyCount)
        case .modern:
            let queue = Modern.KeyedSerialQueue<String>()
            var tasks: [Task<Void, Never>] = []
            for job in 0..<count {
                let key = keys[job % keys.count]
                tasks.append(
                    queue.submit(key: key) {
                        runs.update { $0.start(key, job) }
                        await Task.yield()
                        runs.update { $0.end(key) }
                    })
            }
            for task in tasks { await task.value }
            return (runs.value, queue.activeKeyCount)
        }
    }

    @Test(arguments: Side.allCases)
    func sameKeyRunsOneAtATimeInSubmissionOrder(_ side: Side) async {
        let (runs, activeKeys) = await Self.runInOrder(side, count: 200)
        #expect(runs.ran == 200)
        #expect(runs.maxRunningPerKey == 1)
        for (index, key) in Self.keys.enumerated() {
            #expect(runs.order[key] == Array(stride(from: index, to: 200, by: 4)))
        }
        #expect(activeKeys == 0)
    }

    /// What a delegate callback or a button action does: a synchronous function submits jobs
    /// 0…199 for one key, 20 times over. `submit` takes each job's place in the call, so they run
    /// in that order every time. (An `await`-only `submit` reached through
    /// `Task { await queue.submit(…) }` from the same loop lost the order in some runs.)
    @Test func modernSynchronousCallerKeepsItsOrder() async {
        for _ in 0..<20 {
            let queue = Modern.KeyedSerialQueue<String>()
            let ran = Locked<[Int]>([])
            let tasks = Self.submitFromSynchronousCode(to: queue, count: 200) { job in
                ran.withLock { $0.append(job) }
            }
            for task in tasks { await task.value }
            #expect(ran.withLock { $0 } == Array(0..<200))
            #expect(queue.activeKeyCount == 0)
        }
    }

    /// A plain synchronous function, as a callback from a legacy API would be.
    nonisolated static func submitFromSynchronousCode(
        to queue: Modern.KeyedSerialQueue<String>, count: Int, job: @escaping @Sendable (Int) -> Void
    ) -> [Task<Void, Never>] {
        (0..<count).map { index in queue.submit(key: "a") { job(index) } }
    }

    @Test(arguments: Side.allCases)
    func differentKeysRunAtTheSameTime(_ side: Side) async {
        switch side {
        case .legacy:
            #expect(await onOwnThread { Legacy.KeyedSerialQueue<String>.keysMeet(timeout: .seconds(30)) })
        case .modern:
            #expect(await Modern.KeyedSerialQueue<String>.keysMeet())
        }
    }

    /// 400 callers at once, from 400 threads' worth of `concurrentPerform` or 400 tasks.
    @Test(arguments: Side.allCases)
    func theTableIsEmptyWhenEveryKeyIsIdle(_ side: Side) async {
        let runs = OrderingWatch(KeyedRuns())
        let callers = 400
        switch side {
        case .legacy:
            let idle = OrderingWatch(0)
            let queue = Legacy.KeyedSerialQueue<String>(log: { _ in idle.update { $0 += 1 } })
            await onOwnThread {
                let all = DispatchGroup()
                DispatchQueue.concurrentPerform(iterations: callers) { job in
                    let key = Self.keys[job % Self.keys.count]
                    all.enter()
                    queue.submit(key: key) {
                        runs.update { $0.start(key, job) }
                        runs.update { $0.end(key) }
                        all.leave()
                    }
                }
                all.wait()
            }
            await idle.until { _ in queue.activeKeyCount == 0 }
            #expect(queue.activeKeyCount == 0)
        case .modern:
            let queue = Modern.KeyedSerialQueue<String>()
            await withDiscardingTaskGroup { group in
                for job in 0..<callers {
                    let key = Self.keys[job % Self.keys.count]
                    group.addTask {
                        await queue.run(key: key) {
                            runs.update { $0.start(key, job) }
                            await Task.yield()
                            runs.update { $0.end(key) }
                        }
                    }
                }
            }
            #expect(queue.activeKeyCount == 0)
        }
        #expect(runs.value.ran == callers)
        #expect(runs.value.maxRunningPerKey == 1)
        #expect(runs.value.order.values.map(\.count).sorted() == [100, 100, 100, 100])
    }

    /// The pitfall: PSOperations' shape, each operation depending on the last one only. A
    /// cancelled operation is ready at once, so the one after it starts while the first runs.
    @Test func dependingOnTheLastOperationOnlyOverlapsAfterACancel() async {
        let overlapped = await onOwnThread { () -> Bool in
            let queue = OperationQueue()
            let release = DispatchSemaphore(value: 0)
            let thirdStarted = DispatchSemaphore(value: 0)
            let firstFinished = Locked(false)
            let first = BlockOperation {
                release.wait()
                firstFinished.withLock { $0 = true }
            }
            let second = BlockOperation {}
            let third = BlockOperation { thirdStarted.signal() }
            second.addDependency(first)
            third.addDependency(second)  // the last one of the category only
            queue.addOperations([first, second, third], waitUntilFinished: false)
            second.cancel()
            let started = thirdStarted.wait(timeout: .now() + 30) == .success
            let overlapped = started && !firstFinished.withLock { $0 }
            release.signal()
            queue.waitUntilAllOperationsAreFinished()
            return overlapped
        }
        #expect(overlapped)
    }

    /// Declared difference: a cancelled legacy operation finishes at once, before the running
    /// one; the next operation of the key still waits for the running one.
    @Test func legacyCancelledOperationFinishesAtOnce() async {
        let lines = await onOwnThread { () -> [String] in
            let log = Recorder()
            let queue = Legacy.KeyedSerialQueue<String>()
            let release = DispatchSemaphore(value: 0)
            let firstStarted = DispatchSemaphore(value: 0)
            queue.submit(key: "a") {
                log.log("a1 started")
                firstStarted.signal()
                release.wait()
                log.log("a1 finished")
            }
            let second = queue.submit(key: "a") { log.log("a2 ran") }
            let third = queue.submit(key: "a") { log.log("a3 ran") }
            firstStarted.wait()
            second.cancel()
            second.waitUntilFinished()
            log.log("a2 finished (cancelled)")
            release.signal()
            third.waitUntilFinished()
            return log.lines
        }
        #expect(lines == ["a1 started", "a2 finished (cancelled)", "a1 finished", "a3 ran"])
    }

    /// Declared difference: a cancelled modern task ends only after the task before it.
    @Test func modernCancelledTaskEndsOnlyAfterItsPredecessor() async {
        let log = Recorder()
        let queue = Modern.KeyedSerialQueue<String>()
        let gate = OrderingWatch(false)
        let first = queue.submit(key: "a") {
            log.log("a1 started")
            await gate.until { $0 }
            log.log("a1 finished")
        }
        let second = queue.submit(key: "a") { log.log("a2 ran") }
        let third = queue.submit(key: "a") { log.log("a3 ran") }
        second.cancel()
        let watcher = Task {
            await second.value
            log.log("a2 ended")
        }
        log.log("released")
        gate.update { $0 = true }
        await first.value
        await watcher.value
        await third.value
        let lines = log.lines
        #expect(!lines.contains("a2 ran"))
        #expect(lines.firstIndex(of: "a1 finished")! < lines.firstIndex(of: "a2 ended")!)
        #expect(lines.firstIndex(of: "a1 finished")! < lines.firstIndex(of: "a3 ran")!)
        #expect(lines.firstIndex(of: "released")! < lines.firstIndex(of: "a2 ended")!)
    }

    @Test func modernEntryIsGoneWhenTheLastHandleReturns() async {
        let queue = Modern.KeyedSerialQueue<String>()
        var last: Task<Void, Never>?
        for _ in 0..<3 { last = queue.submit(key: "a") { await Task.yield() } }
        await last?.value
        #expect(queue.activeKeyCount == 0)
    }

    /// 300 callers of one key behind a held first job: a seeded third cancel themselves before
    /// the call, a third are cancelled while they wait, and the first job is cancelled while it
    /// runs. Nothing cancelled runs, the rest run in order one at a time, and the chain is still
    /// usable afterwards.
    @Test func modernCancelledCallersAtEveryPointKeepTheChain() async {
        let queue = Modern.KeyedSerialQueue<String>()
        let runs = OrderingWatch(KeyedRuns())
        let gate = OrderingWatch(false)
        let headSawCancel = Locked(false)
        let head = Task {
            await queue.run(key: "a") {
                runs.update { $0.start("a", -1) }
                await gate.until { $0 }
                headSawCancel.withLock { $0 = Task.isCancelled }
                runs.update { $0.end("a") }
            }
        }
        await runs.until { $0.order["a"] == [-1] }
        var random = SplitMix64(seed: 11)
        let modes = (0..<300).map { _ in Int(random.next() % 3) }
        var callers: [Task<Void, Never>] = []
        for (job, mode) in modes.enumerated() {
            callers.append(
                Task {
                    if mode == 0 { withUnsafeCurrentTask { $0?.cancel() } }
                    await queue.run(key: "a") {
                        runs.update { $0.start("a", job) }
                        await Task.yield()
                        runs.update { $0.end("a") }
                    }
                })
        }
        for (job, mode) in modes.enumerated() where mode == 1 { callers[job].cancel() }
        head.cancel()
        gate.update { $0 = true }
        for caller in callers { await caller.value }
        await head.value
        let ran = runs.value.order["a"]!.dropFirst()
        #expect(headSawCancel.withLock { $0 })
        #expect(Set(ran) == Set(modes.indices.filter { modes[$0] == 2 }))
        #expect(runs.value.maxRunningPerKey == 1)
        #expect(queue.activeKeyCount == 0)
        await queue.run(key: "a") { runs.update { $0.start("a", 1000) } }
        #expect(runs.value.order["a"]!.last == 1000)
    }

    /// A caller already cancelled when it calls `run` on an idle key: nothing is ahead of it, so
    /// the work could start at once; it must not, on any of 200 tries. (A job task of its own with
    /// the cancel forwarded by a handler could start the work before the handler reached it.)
    @Test func modernCallerCancelledBeforeTheCallNeverRunsItsWork() async {
        let queue = Modern.KeyedSerialQueue<Int>()
        let ran = Locked(0)
        for key in 0..<200 {
            let caller = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                await queue.run(key: key) { ran.withLock { $0 += 1 } }
            }
            await caller.value
        }
        #expect(ran.withLock { $0 } == 0)
        #expect(queue.activeKeyCount == 0)
    }

    /// The same on the legacy side: a seeded half of 300 operations cancelled while they wait.
    @Test func legacyCancelledOperationsKeepTheChain() async {
        let runs = OrderingWatch(KeyedRuns())
        let idle = OrderingWatch(0)
        let queue = Legacy.KeyedSerialQueue<String>(log: { _ in idle.update { $0 += 1 } })
        var random = SplitMix64(seed: 11)
        let cancelled = (0..<300).map { _ in random.next() % 2 == 0 }
        await onOwnThread {
            let release = DispatchSemaphore(value: 0)
            let head = queue.submit(key: "a") { release.wait() }
            let operations = cancelled.indices.map { job in
                queue.submit(key: "a") {
                    runs.update { $0.start("a", job) }
                    runs.update { $0.end("a") }
                }
            }
            for (operation, isCancelled) in zip(operations, cancelled) where isCancelled {
                operation.cancel()
            }
            release.signal()
            head.waitUntilFinished()
            for operation in operations { operation.waitUntilFinished() }
        }
        await idle.until { _ in queue.activeKeyCount == 0 }
        #expect(runs.value.order["a"] == cancelled.indices.filter { !cancelled[$0] })
        #expect(runs.value.maxRunningPerKey == 1)
        #expect(queue.activeKeyCount == 0)
    }
}
