import Foundation
import Modern
import RecipeKit

/// The cost of each legacy primitive and of its modern counterpart, in nanoseconds per operation.
///
/// Each legacy side runs on a thread of its own, as legacy code runs, and may block it; each modern
/// side runs in a task on the cooperative pool and never blocks. Both are timed with the same clock
/// in batches (see `BatchPlan`), so a row compares what a reader would write, not the harness.
enum PrimitiveBenchmarks {
    /// One row: its id, title, recipes, and how to measure each side.
    struct Row: Sendable {
        var id: String
        var title: String
        /// The recipes whose code the row times, the one it times most directly first.
        var recipes: [String]
        var legacyName: String
        var modernName: String
        /// A word the first recipe's Legacy and Modern files use for what each side times
        /// (`makeTimerSource`, `ticks(every:`): a test checks both are there, so that a row can't
        /// drift from the code it stands for.
        var legacyCode: String
        var modernCode: String
        var legacy: @Sendable (BenchScale) async -> (minNs: Double, medianNs: Double)
        var modern: @Sendable (BenchScale) async -> (minNs: Double, medianNs: Double)

        /// Measures both sides, legacy first.
        func run(_ scale: BenchScale) async -> BenchResults.Primitive {
            let legacyFigure = await legacy(scale)
            let modernFigure = await modern(scale)
            func figure(_ name: String, _ value: (minNs: Double, medianNs: Double)) -> BenchResults.Figure {
                BenchResults.Figure(name: name, minNs: rounded(value.minNs), medianNs: rounded(value.medianNs))
            }
            return BenchResults.Primitive(
                id: id, title: title, legacy: figure(legacyName, legacyFigure),
                modern: figure(modernName, modernFigure), recipes: recipes)
        }
    }

    /// Every row, in the order the report shows them.
    static let rows: [Row] = [
        Row(
            id: "sync-vs-actor", title: "A call that waits for its result",
            recipes: [
                "isolation-queue-per-object", "readers-writer-barrier", "request-coalescing", "queue-specific-key",
                "sync-on-concurrent-queue",
            ],
            legacyName: "queue.sync {}", modernName: "await actor.method()",
            legacyCode: ".sync", modernCode: "actor ",
            legacy: { scale in await legacyOnThread(scale) { queueSync($0) } },
            modern: { scale in await actorCall(scale) }),
        Row(
            id: "async-vs-task", title: "Start a job and wait for it to finish",
            recipes: [
                "concurrent-queue-unordered", "independent-serial-queues", "qos-global-queues",
                "sync-vs-async-order", "background-then-main",
            ],
            legacyName: "queue.async + semaphore completion", modernName: "await Task {}.value",
            legacyCode: ".async", modernCode: "Task",
            legacy: { scale in await legacyOnThread(scale) { asyncAndWait($0) } },
            modern: { scale in await taskAndAwait(scale) }),
        Row(
            id: "main-queue-vs-main-actor", title: "Hop to the main thread and back",
            recipes: [
                "main-queue-ui-update", "background-then-main", "main-inline-or-async", "generate-sort-random-numbers",
            ],
            legacyName: "DispatchQueue.main.async + wait", modernName: "await MainActor.run {}",
            legacyCode: "DispatchQueue.main.async", modernCode: "MainActor",
            legacy: { scale in await legacyOnThread(scale) { mainQueueRoundTrip($0) } },
            modern: { scale in await mainActorRoundTrip(scale) }),
        Row(
            id: "group-vs-task-group", title: "One job of a group that is waited for as a whole",
            recipes: [
                "dispatch-group-notify", "dispatch-group-wait", "group-async-nested", "group-batch-download",
                "group-wrap-callback-api",
            ],
            legacyName: "group.enter + async + leave, one notify", modernName: "group.addTask (discarding task group)",
            legacyCode: "DispatchGroup", modernCode: "TaskGroup",
            legacy: { scale in await legacyOnThread(scale, from: groupBatch) { dispatchGroupJobs($0) } },
            modern: { scale in await taskGroupJobs(scale) }),
        Row(
            id: "lock-uncontended", title: "Lock and unlock, one thread",
            recipes: ["lock-zoo", "race-condition-counter", "thread-safe-singleton", "run-once"],
            legacyName: "NSLock", modernName: "Mutex",
            legacyCode: "NSLock", modernCode: "Mutex",
            legacy: { scale in await legacyOnThread(scale, from: lockBatch) { nsLockContended($0, threads: 1) } },
            modern: { scale in await mutexContended(scale, tasks: 1) }),
        Row(
            id: "lock-contended-2", title: "Lock and unlock, 2 threads or tasks at once",
            recipes: ["lock-zoo", "race-condition-counter", "thread-safe-singleton"],
            legacyName: "NSLock, 2 threads", modernName: "Mutex, 2 tasks",
            legacyCode: "NSLock", modernCode: "Mutex",
            legacy: { scale in await legacyOnThread(scale, from: lockBatch) { nsLockContended($0, threads: 2) } },
            modern: { scale in await mutexContended(scale, tasks: 2) }),
        Row(
            id: "lock-contended-8", title: "Lock and unlock, 8 threads or tasks at once",
            recipes: ["lock-zoo", "race-condition-counter", "thread-safe-singleton"],
            legacyName: "NSLock, 8 threads", modernName: "Mutex, 8 tasks",
            legacyCode: "NSLock", modernCode: "Mutex",
            legacy: { scale in await legacyOnThread(scale, from: lockBatch) { nsLockContended($0, threads: 8) } },
            modern: { scale in await mutexContended(scale, tasks: 8) }),
        Row(
            id: "counter-vs-atomic", title: "A shared counter bumped from 2 threads or tasks",
            recipes: ["atomic-counter", "race-condition-counter"],
            legacyName: "NSLock-guarded Int, 2 threads", modernName: "Atomic<Int>.wrappingAdd (relaxed), 2 tasks",
            legacyCode: "NSLock", modernCode: "Atomic",
            legacy: { scale in await legacyOnThread(scale, from: lockBatch) { nsLockContended($0, threads: 2) } },
            modern: { scale in await atomicContended(scale, tasks: 2) }),
        Row(
            id: "semaphore-vs-continuation", title: "Wake a waiter and be woken back (a round trip)",
            recipes: [
                "concurrent-queue-unordered", "independent-serial-queues", "cooperative-thread-exit",
                "group-wrap-callback-api",
            ],
            legacyName: "DispatchSemaphore signal → wait, 2 threads",
            modernName: "continuation resume → await, 2 tasks",
            legacyCode: "DispatchSemaphore", modernCode: "Continuation",
            legacy: { scale in await legacyOnThread(scale) { semaphorePingPong($0) } },
            modern: { scale in await continuationPingPong(scale) }),
        Row(
            id: "operation-vs-task", title: "Submit a job to run elsewhere, then wait for all",
            recipes: ["operation-dependencies"],
            legacyName: "OperationQueue.addOperation", modernName: "Task {}",
            legacyCode: "addOperation", modernCode: "Task",
            legacy: { scale in await legacyOnThread(scale) { operations($0) } },
            modern: { scale in await tasks(scale) }),
        Row(
            id: "timer-vs-ticker", title: "Tick every millisecond (the time per tick: 1 ms plus what is late)",
            recipes: ["repeating-timer", "timer-invalidate"],
            legacyName: "DispatchSourceTimer, repeating 1 ms", modernName: "RepeatingTimer.ticks(every: 1 ms)",
            legacyCode: "makeTimerSource", modernCode: "static func ticks(",
            legacy: { scale in await legacyOnThread(scale) { timerTicks($0) } },
            modern: { scale in await tickerTicks(scale) }),
        Row(
            id: "queue-vs-stream", title: "Hand values one at a time to a consumer (the delivery alone)",
            recipes: ["ordered-async-writes", "notification-observer-stream", "multicast-stream"],
            legacyName: "serial queue, async per value", modernName: "AsyncStream element, one consuming task",
            legacyCode: "queue.async", modernCode: "AsyncStream",
            legacy: { scale in await legacyOnThread(scale) { queueDeliveries($0) } },
            modern: { scale in await streamElements(scale) }),
        Row(
            id: "after-vs-sleep", title: "Overshoot past a 1 ms delay",
            recipes: ["delayed-task", "cancellable-delay", "debounce", "retry-with-backoff", "connect-timeout"],
            legacyName: "asyncAfter(deadline: now + 1 ms)", modernName: "Task.sleep(until: now + 1 ms)",
            legacyCode: "asyncAfter", modernCode: "sleep",
            legacy: { scale in await onOwnThread(name: "bench-legacy") { asyncAfterOvershoot(scale) } },
            modern: { scale in await sleepOvershoot(scale) }),
    ]

    /// The smallest batch of lock operations: enough that starting the threads or tasks of a
    /// contended row is hidden (lock operations take nanoseconds).
    static let lockBatch = 100_000

    /// The smallest batch of group jobs: enough that the one notify or group exit is hidden.
    static let groupBatch = 1_000

    /// Rounds a nanosecond figure to a tenth, so the file stays readable.
    static func rounded(_ nanoseconds: Double) -> Double {
        max(0.1, (nanoseconds * 10).rounded() / 10)
    }

    /// Runs a synchronous batch measurement on a thread of its own.
    private static func legacyOnThread(
        _ scale: BenchScale, from minimum: Int = 1, _ body: @escaping @Sendable (Int) -> Int
    ) async -> (minNs: Double, medianNs: Double) {
        await onOwnThread(name: "bench-legacy") { scale.batch.measureSync(from: minimum, body) }
    }

    // MARK: - A call that waits

    private static func queueSync(_ count: Int) -> Int {
        let queue = DispatchQueue(label: "bench.serial")
        var value = 0
        for _ in 0..<count { queue.sync { value &+= 1 } }
        return value
    }

    private static func actorCall(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        let counter = CounterActor()
        return await scale.batch.measure { count in
            for _ in 0..<count { await counter.increment() }
            return count
        }
    }

    // MARK: - Start a job and wait for it

    private static func asyncAndWait(_ count: Int) -> Int {
        let queue = DispatchQueue.global()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            queue.async { done.signal() }
            done.wait()
        }
        return count
    }

    private static func taskAndAwait(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure { count in
            for _ in 0..<count { await Task {}.value }
            return count
        }
    }

    // MARK: - Main thread round trip

    private static func mainQueueRoundTrip(_ count: Int) -> Int {
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            DispatchQueue.main.async { done.signal() }
            done.wait()
        }
        return count
    }

    private static func mainActorRoundTrip(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure { count in
            for _ in 0..<count { await MainActor.run {} }
            return count
        }
    }

    // MARK: - Groups

    private static func dispatchGroupJobs(_ count: Int) -> Int {
        let group = DispatchGroup()
        let queue = DispatchQueue.global()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            group.enter()
            queue.async { group.leave() }
        }
        group.notify(queue: queue) { done.signal() }
        done.wait()
        return count
    }

    private static func taskGroupJobs(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure(from: groupBatch) { count in
            await withDiscardingTaskGroup { group in
                for _ in 0..<count { group.addTask {} }
            }
            return count
        }
    }

    // MARK: - Locks and counters

    /// `threads` threads each lock and unlock `count / threads` times; returns the total.
    private static func nsLockContended(_ count: Int, threads: Int) -> Int {
        let counter = LockedCounter()
        let each = max(1, count / threads)
        if threads == 1 {
            for _ in 0..<each { counter.increment() }
            return each
        }
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread {
                for _ in 0..<each { counter.increment() }
                done.signal()
            }.start()
        }
        for _ in 0..<threads { done.wait() }
        return counter.count
    }

    private static func mutexContended(_ scale: BenchScale, tasks: Int) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure(from: lockBatch) { count in
            let counter = MutexCounter()
            let each = max(1, count / tasks)
            if tasks == 1 {
                for _ in 0..<each { counter.increment() }
                return each
            }
            await withDiscardingTaskGroup { group in
                for _ in 0..<tasks {
                    group.addTask { for _ in 0..<each { counter.increment() } }
                }
            }
            return counter.count
        }
    }

    private static func atomicContended(_ scale: BenchScale, tasks: Int) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure(from: lockBatch) { count in
            let counter = AtomicCounter()
            let each = max(1, count / tasks)
            await withDiscardingTaskGroup { group in
                for _ in 0..<tasks {
                    group.addTask { for _ in 0..<each { counter.increment() } }
                }
            }
            return counter.count
        }
    }

    // MARK: - Wake-ups

    /// Two threads take turns: one signals `ping` and waits on `pong`, the other the reverse.
    private static func semaphorePingPong(_ count: Int) -> Int {
        let ping = DispatchSemaphore(value: 0)
        let pong = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<count {
                ping.wait()
                pong.signal()
            }
            finished.signal()
        }.start()
        for _ in 0..<count {
            ping.signal()
            pong.wait()
        }
        finished.wait()
        return count
    }

    /// Two tasks take turns through continuations, the way the semaphore version takes turns.
    private static func continuationPingPong(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure { count in
            let ping = AsyncSignal()
            let pong = AsyncSignal()
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for _ in 0..<count {
                        await ping.wait()
                        pong.signal()
                    }
                }
                for _ in 0..<count {
                    ping.signal()
                    await pong.wait()
                }
            }
            return count
        }
    }

    // MARK: - Operations and tasks

    private static func operations(_ count: Int) -> Int {
        let queue = OperationQueue()
        for _ in 0..<count { queue.addOperation {} }
        queue.waitUntilAllOperationsAreFinished()
        return count
    }

    private static func tasks(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure { count in
            var tasks: [Task<Void, Never>] = []
            tasks.reserveCapacity(count)
            for _ in 0..<count { tasks.append(Task {}) }
            for task in tasks { await task.value }
            return count
        }
    }

    // MARK: - Ticks

    /// The interval of the tick row: long enough that a `Task.sleep` loop keeps up, as a UI timer's
    /// would.
    static let tickInterval = Duration.milliseconds(1)

    /// A timer that repeats every `tickInterval`, as `repeating-timer`'s Legacy side makes it; the
    /// handler counts ticks until `count`.
    private static func timerTicks(_ count: Int) -> Int {
        let queue = DispatchQueue(label: "bench.timer")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let ticks = LockedCounter()
        let done = DispatchSemaphore(value: 0)
        timer.setEventHandler { @Sendable in
            ticks.increment()
            if ticks.count == count { done.signal() }
        }
        let interval = DispatchTimeInterval.nanoseconds(Int(tickInterval.components.attoseconds / 1_000_000_000))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .nanoseconds(0))
        timer.resume()
        done.wait()
        timer.cancel()
        return count
    }

    /// `repeating-timer`'s Modern ticker at the same interval: `count` ticks, then the loop ends.
    private static func tickerTicks(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure { count in
            var ticks = 0
            for await _ in Modern.RepeatingTimer.ticks(every: tickInterval) {
                ticks += 1
                if ticks == count { break }
            }
            return ticks
        }
    }

    /// `count` values handed to a handler, one `async` each on a serial queue, as
    /// `ordered-async-writes`' Legacy side hands writes to its connection's queue.
    private static func queueDeliveries(_ count: Int) -> Int {
        let queue = DispatchQueue(label: "bench.deliver")
        let received = QueueConfinedCount()
        for value in 0..<count { queue.async { received.value &+= value & 1 } }
        return queue.sync { received.value } >= 0 ? count : 0
    }

    private static func streamElements(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        await scale.batch.measure { count in
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let producer = Task {
                for element in 0..<count { continuation.yield(element) }
                continuation.finish()
            }
            var received = 0
            for await _ in stream { received += 1 }
            await producer.value
            return received
        }
    }

    // MARK: - Delays

    private static func asyncAfterOvershoot(_ scale: BenchScale) -> (minNs: Double, medianNs: Double) {
        let queue = DispatchQueue.global()
        let done = DispatchSemaphore(value: 0)
        let fired = Locked<UInt64>(0)
        var overshoots: [Double] = []
        for _ in 0..<scale.delaySamples {
            let deadline = DispatchTime.now() + .milliseconds(1)
            queue.asyncAfter(deadline: deadline) {
                let now = DispatchTime.now().uptimeNanoseconds
                fired.withLock { $0 = now }
                done.signal()
            }
            done.wait()
            overshoots.append(Double(max(1, fired.withLock { $0 } &- deadline.uptimeNanoseconds)))
        }
        return BatchPlan.summary(overshoots)
    }

    private static func sleepOvershoot(_ scale: BenchScale) async -> (minNs: Double, medianNs: Double) {
        let clock = ContinuousClock()
        var overshoots: [Double] = []
        for _ in 0..<scale.delaySamples {
            let deadline = clock.now + .milliseconds(1)
            try? await Task.sleep(until: deadline, clock: clock)
            let late = clock.now - deadline
            let nanoseconds = Double(late.components.seconds) * 1e9 + Double(late.components.attoseconds) / 1e9
            overshoots.append(max(1, nanoseconds))
        }
        return BatchPlan.summary(overshoots)
    }
}
