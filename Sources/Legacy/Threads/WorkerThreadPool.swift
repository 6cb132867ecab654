import Foundation

/// N threads take work items from a lock-protected queue, woken by a counting
/// semaphore.
///
/// Blocking work (a synchronous file read, a C library call, a database
/// driver) must not run on shared queues whose threads others need, so the
/// app keeps a few threads of its own for it. Each item is told whether it is
/// `.active` or `.cancelled`: an item still queued when the pool shuts down,
/// or submitted after, is called with `.cancelled` on the submitting or
/// shutting-down thread and must not do its work.
public final class WorkerThreadPool: @unchecked Sendable {  // state: `lock`
    public enum ItemState: Sendable { case active, cancelled }
    public typealias Item = @Sendable (ItemState) -> Void

    private let lock = NSLock()
    private let pending = DispatchSemaphore(value: 0)  // one signal per wake-up
    private let exited = DispatchGroup()  // each thread leaves as it ends
    private var items: [Item] = []
    private var isOpen = true
    private let threadCount: Int

    /// Starts `threadCount` threads, each waiting for an item.
    public init(threadCount: Int) {
        self.threadCount = threadCount
        for index in 0..<threadCount {
            exited.enter()
            let thread = Thread { [self] in serve() }
            thread.name = "pool-\(index)"
            thread.start()
        }
    }
}

// MARK: - Submitting an item

extension WorkerThreadPool {
    /// Queues `item` for the next free thread; after `shutdown`, calls it
    /// with `.cancelled` at once.
    public func submit(_ item: @escaping Item) {
        lock.lock()
        guard isOpen else {
            lock.unlock()
            return item(.cancelled)
        }
        items.append(item)
        lock.unlock()
        pending.signal()
    }
}

// MARK: - A thread's loop

extension WorkerThreadPool {
    /// A thread's loop: wait for a signal, take the oldest item, run it.
    private func serve() {
        defer { exited.leave() }  // the thread's last act
        while true {
            pending.wait()
            lock.lock()
            if items.isEmpty && !isOpen {
                lock.unlock()
                return
            }
            let item = items.isEmpty ? nil : items.removeFirst()
            lock.unlock()
            item?(.active)
        }
    }
}

// MARK: - Shutting down

extension WorkerThreadPool {
    /// Closes the pool, cancels the queued items, lets running items finish,
    /// and blocks until every thread has ended.
    public func shutdown() {
        lock.lock()
        isOpen = false
        let cancelled = items
        items.removeAll()
        lock.unlock()
        for item in cancelled { item(.cancelled) }
        for _ in 0..<threadCount { pending.signal() }
        exited.wait()
    }

    /// How many items are queued and not yet taken by a thread.
    public var queuedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension WorkerThreadPool {
    /// Runs `count` blocking items on `threads` threads, then submits one
    /// more after shutdown. Returns (items run, distinct threads used).
    public static func run(
        items count: Int = 100, threads: Int = 4, block: Duration,
        log: @escaping @Sendable (String) -> Void
    ) -> (runs: [Int], threads: Set<UInt>) {
        let pool = WorkerThreadPool(threadCount: threads)
        let done = DispatchGroup()
        let tally = Tally(count)
        for index in 0..<count {
            done.enter()
            pool.submit { state in
                if state == .active {
                    usleep(UInt32(block / .microseconds(1)))
                    tally.ran(index, on: UInt(pthread_self()))
                }
                done.leave()
            }
        }
        done.wait()
        log("\(count) items done")
        pool.shutdown()
        log("shut down")
        pool.submit { state in
            log("late item: \(state == .active ? "ran" : "cancelled")")
        }
        return tally.result
    }

    /// Runs per item and the threads that ran them.
    final class Tally: @unchecked Sendable {  // state: `lock`
        private let lock = NSLock()
        private var runs: [Int]
        private var used = Set<UInt>()

        init(_ count: Int) { runs = Array(repeating: 0, count: count) }

        func ran(_ index: Int, on thread: UInt) {
            lock.lock()
            defer { lock.unlock() }
            runs[index] += 1
            used.insert(thread)
        }

        var result: (runs: [Int], threads: Set<UInt>) {
            lock.lock()
            defer { lock.unlock() }
            return (runs, used)
        }
    }
}
