import Dispatch
import Foundation
import Synchronization

/// Runs a job per item on several threads and hands the results back in the items' order.
///
/// A folder's files are independent, so `scan` reads and scans them on as many threads as the
/// machine has cores; what it prints must still come out in path order, the same on every run.
/// Workers take the next item in order, and the calling thread takes each result as soon as it
/// and every result before it are done, so reporting overlaps the scanning. At most `window`
/// results wait to be taken, so memory stays flat however many files there are. With one thread,
/// or one item, everything runs on the calling thread.
struct OrderedWork: Sendable {
    /// How many threads run jobs.
    let threads: Int
    /// How many finished results may wait, ahead of the one the caller takes next.
    let window: Int

    /// One thread per core, up to eight (a cap, not a measurement: it was timed on two cores only).
    static let perCore = OrderedWork(
        threads: min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8), window: 64)

    /// Calls `job` on every item, on the worker threads, and `take` with each result, in order, on
    /// the calling thread.
    func run<Item: Sendable, Result: Sendable>(
        _ items: [Item], job: @escaping @Sendable (Item) -> Result, take: (Result) -> Void
    ) {
        let threads = min(threads, items.count)
        guard threads > 1 else {
            for item in items { take(job(item)) }
            return
        }
        let shared = Shared<Item, Result>(items: items, window: window)
        let workers = DispatchGroup()
        for _ in 0..<threads {
            DispatchQueue.global().async(group: workers) { shared.work(job) }
        }
        for index in items.indices { take(shared.take(index)) }
        workers.wait()
    }

    /// The state the workers and the caller share: the next item to start, the finished results,
    /// and two counting semaphores, one for free places in the window and one that ticks once per
    /// finished job.
    private final class Shared<Item: Sendable, Result: Sendable>: Sendable {
        let items: [Item]
        let next = Atomic<Int>(0)
        let results = Mutex<[Int: Result]>([:])
        let space: DispatchSemaphore
        let finished = DispatchSemaphore(value: 0)

        init(items: [Item], window: Int) {
            self.items = items
            self.space = DispatchSemaphore(value: max(window, 1))
        }

        /// Takes places in the window and items in order until none is left. An item is claimed only
        /// after its place is, so the one the caller waits for is always running or done.
        func work(_ job: (Item) -> Result) {
            while true {
                space.wait()
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < items.count else {
                    space.signal()
                    return
                }
                let result = job(items[index])
                results.withLock { $0[index] = result }
                finished.signal()
            }
        }

        /// The result of item `index`, once it is done. Each finished job ticks `finished` once, so
        /// a tick for another item only makes the caller look again.
        func take(_ index: Int) -> Result {
            while true {
                if let result = results.withLock({ $0.removeValue(forKey: index) }) {
                    space.signal()
                    return result
                }
                finished.wait()
            }
        }
    }
}
