import Foundation

/// One asynchronous job at a time, in submission order: a serial queue parked
/// on a semaphore until each job calls back.
///
/// You have probably met this in braintree_ios (`BTAPIClient`): a serial
/// queue alone does not serialize *asynchronous* work, because its block
/// returns as soon as the request has started. Parking the block on
/// `DispatchSemaphore(value: 0)` until the callback signals keeps the next job
/// waiting. The price is a thread blocked for the whole flight, and a callback
/// that never comes parks the queue forever. Results go to the main queue in
/// the order the jobs called back, which is the submission order. A job is
/// cancelled through its ticket only before it starts: once in flight, the
/// queue waits for its callback whatever happens.
public final class SerialAsyncWork: Sendable {
    public typealias Callback<Value> =
        @Sendable (Result<Value, any Error>) -> Void

    private let queue = DispatchQueue(label: "com.example.SerialAsyncWork")

    public init() {}
}

// MARK: - One job at a time: park the serial queue until the callback

extension SerialAsyncWork {
    /// Starts `job` once every earlier job has called back; `completion`
    /// gets its result on the main queue, exactly once.
    @discardableResult
    public func enqueue<Value: Sendable>(
        _ job: @escaping @Sendable (@escaping Callback<Value>) -> Void,
        completion: @escaping Callback<Value>
    ) -> Ticket {
        let ticket = Ticket()
        queue.async {
            guard !ticket.isCancelled else {
                let cancelled = CocoaError(.userCancelled)
                DispatchQueue.main.async { completion(.failure(cancelled)) }
                return
            }
            let calledBack = DispatchSemaphore(value: 0)
            job { result in
                DispatchQueue.main.async { completion(result) }
                calledBack.signal()
            }
            calledBack.wait()  // the queue is parked until the callback
        }
        return ticket
    }

    /// A job's handle: `cancel()` skips the job if it hasn't started.
    ///
    /// `@unchecked Sendable`: `cancelled` is only touched while holding
    /// `lock`.
    public final class Ticket: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false

        public func cancel() { lock.withLock { cancelled = true } }
        var isCancelled: Bool { lock.withLock { cancelled } }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SerialAsyncWork {
    /// Three overlapping fetches, each calling back after `latency`; each
    /// result is shown on the main queue. `completion` gets the most fetches
    /// that were ever in flight at once.
    public static func runThreeFetches(
        latency: Duration,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (Int) -> Void
    ) {
        let work = SerialAsyncWork()
        let gauge = FetchGauge()
        let shown = DispatchGroup()
        for id in 1...3 {
            shown.enter()
            work.enqueue { callback in
                fetch(id, latency: latency, gauge: gauge, log: log, callback)
            } completion: { (result: Result<String, any Error>) in
                show("shown \((try? result.get()) ?? "error")")
                shown.leave()
            }
        }
        shown.notify(queue: .main) { completion(gauge.highest) }
    }

    /// A fake network call: calls back on a global queue after `latency`.
    public static func fetch(
        _ id: Int,
        latency: Duration,
        gauge: FetchGauge,
        log: @escaping @Sendable (String) -> Void,
        _ callback: @escaping Callback<String>
    ) {
        gauge.enter()
        log("fetch \(id) started")
        let (seconds, attoseconds) = latency.components
        let delay = Double(seconds) + Double(attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            log("fetch \(id) finished")
            gauge.leave()
            callback(.success("result \(id)"))
        }
    }

    /// Counts fetches in flight and remembers the highest count.
    ///
    /// `@unchecked Sendable`: both counts are only touched while holding
    /// `lock`.
    public final class FetchGauge: @unchecked Sendable {
        private let lock = NSLock()
        private var current = 0
        private var most = 0

        public init() {}
        public func enter() {
            lock.withLock {
                current += 1
                most = max(most, current)
            }
        }
        public func leave() { lock.withLock { current -= 1 } }
        public var highest: Int { lock.withLock { most } }
    }
}
