import Foundation

/// A token bucket: at most `burst` jobs start at once, then one every
/// `interval`; jobs that find the bucket empty wait their turn, in order.
///
/// The shape of Nuke's `RateLimiter`: a token count refilled by elapsed time,
/// a list of pending work, and a retry scheduled with `asyncAfter` for when
/// the next token is due. Everything runs on one serial queue. A pending job
/// can't be taken out of the list, so each job returns whether it started: one
/// cancelled meanwhile returns `false`, and takes no token.
public final class RateLimiter: @unchecked Sendable {
    // `@unchecked Sendable`: every `var` is only touched on `queue`.
    private let queue = DispatchQueue(label: "rate-limiter")
    private let interval: UInt64  // nanoseconds per token
    private let burst: Int
    private var tokens: Int
    private var refilledAt = DispatchTime.now()
    private var pending: [@Sendable () -> Bool] = []
    private var isRetryScheduled = false

    /// `interval` is 1/rate; `burst` tokens are there at the start.
    public init(interval: Duration, burst: Int) {
        let (seconds, attoseconds) = interval.components
        self.interval =
            UInt64(seconds) * 1_000_000_000
            + UInt64(attoseconds / 1_000_000_000)
        self.burst = burst
        tokens = burst
    }

    /// Runs `work` on the limiter's queue once a token is free. `work` starts
    /// its job and returns `true`, or returns `false` if the job was cancelled
    /// while it waited (then no token is used).
    public func execute(_ work: @escaping @Sendable () -> Bool) {
        queue.async { [self] in
            pending.append(work)
            runPending()
        }
    }
}

// MARK: - The bucket: tokens refilled by elapsed time

extension RateLimiter {
    private func refill() {
        let now = DispatchTime.now()
        while tokens < burst,
            refilledAt.uptimeNanoseconds + interval <= now.uptimeNanoseconds
        {
            tokens += 1
            refilledAt = refilledAt + .nanoseconds(Int(interval))
        }
        if tokens == burst { refilledAt = now }
    }
}

// MARK: - Pending work: retried with asyncAfter when a token is due

extension RateLimiter {
    private func runPending() {
        refill()
        while tokens > 0, let work = pending.first {
            pending.removeFirst()
            guard work() else { continue }  // cancelled: takes no token
            tokens -= 1
            // An empty bucket counts the next token from this start.
            if tokens == 0 { refilledAt = .now() }
        }
        if !pending.isEmpty, !isRetryScheduled {
            isRetryScheduled = true
            let due = refilledAt + .nanoseconds(Int(interval))
            queue.asyncAfter(deadline: due) { [self] in
                isRetryScheduled = false
                runPending()
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RateLimiter {
    /// Starts `count` jobs through a limiter, in order, and waits until all of
    /// them are done. Returns the instant each job started.
    public static func startJobs(
        count: Int, interval: Duration, burst: Int,
        log: @escaping @Sendable (String) -> Void
    ) -> [DispatchTime] {
        let limiter = RateLimiter(interval: interval, burst: burst)
        let starts = StartTimes()
        let done = DispatchGroup()
        for job in 1...count {
            done.enter()
            limiter.execute {
                starts.append(.now())
                log("job \(job) started")
                DispatchQueue.global().async { done.leave() }  // the job's work
                return true
            }
        }
        done.wait()
        log("all \(count) jobs done")
        return starts.all
    }
}

/// Start instants, appended from the limiter's queue.
private final class StartTimes: @unchecked Sendable {
    // `@unchecked Sendable`: `times` is only touched while holding `lock`.
    private let lock = NSLock()
    private var times: [DispatchTime] = []

    func append(_ time: DispatchTime) { lock.withLock { times.append(time) } }
    var all: [DispatchTime] { lock.withLock { times } }
}
