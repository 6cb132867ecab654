/// A token bucket: at most `burst` callers go at once, then one every
/// `interval`; callers that find the bucket empty wait their turn, in order.
///
/// An actor on an injected clock (`ContinuousClock` in an app, a test clock
/// in tests). `acquire()` returns at once while tokens are left; otherwise the
/// caller joins a FIFO line. The head of the line sleeps on the clock until
/// the next token is due; the others wait on a continuation until the head
/// leaves. A token is taken only when a caller leaves with it: a caller
/// cancelled while it waits (head or not) throws `CancellationError` and has
/// taken nothing, so it gives nothing back.
public actor RateLimiter<C: Clock> where C.Duration == Duration {
    private typealias Waiter = (
        id: Int, turn: CheckedContinuation<Void, any Error>?
    )

    private let clock: C
    private let interval: Duration
    private let burst: Int
    private var tokens: Int
    private var refilledAt: C.Instant
    private var line: [Waiter] = []  // line[0] is the head: its turn is nil
    private var nextID = 0

    /// `interval` is 1/rate; `burst` tokens are there at the start.
    public init(interval: Duration, burst: Int, clock: C) {
        self.clock = clock
        self.interval = interval
        self.burst = burst
        tokens = burst
        refilledAt = clock.now
    }

    /// How many callers are waiting for a token.
    public var waitingCount: Int { line.count }

    /// How many tokens a caller could take now.
    public var availableTokens: Int {
        refill(now: clock.now)
        return tokens
    }
}

// MARK: - The bucket: tokens refilled by elapsed time

extension RateLimiter {
    private func refill(now: C.Instant) {
        while tokens < burst, refilledAt.advanced(by: interval) <= now {
            tokens += 1
            refilledAt = refilledAt.advanced(by: interval)
        }
        if tokens == burst { refilledAt = now }
    }

    /// Takes a token if one is there; returns the instant it was taken.
    private func takeToken() -> C.Instant? {
        let now = clock.now
        refill(now: now)
        guard tokens > 0 else { return nil }
        tokens -= 1
        // An empty bucket counts the next token from this start.
        if tokens == 0 { refilledAt = now }
        return now
    }
}

// MARK: - Waiting in line: FIFO, cancellable

extension RateLimiter {
    /// Waits for a token and returns the instant it was taken; throws
    /// `CancellationError`, having taken nothing, if cancelled first.
    @discardableResult
    public func acquire() async throws -> C.Instant {
        try Task.checkCancellation()
        if line.isEmpty, let now = takeToken() { return now }
        nextID += 1
        let id = nextID
        defer { leaveLine(id) }
        try await waitForTurn(id)
        // Cancelled while in line, but the head left and promoted this caller
        // before the cancellation handler's task reached the actor.
        try Task.checkCancellation()
        while true {  // the head: sleep until the next token is due
            if let now = takeToken() { return now }
            try await clock.sleep(
                until: refilledAt.advanced(by: interval), tolerance: nil)
            // Cancelled after the sleep ended, while the actor was busy: the
            // token stays in the bucket.
            try Task.checkCancellation()
        }
    }

    private func waitForTurn(_ id: Int) async throws {
        guard !line.isEmpty else { return line.append((id, nil)) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    line.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func leaveLine(_ id: Int) {
        guard let index = line.firstIndex(where: { $0.id == id }) else {
            return
        }
        line.remove(at: index)
        if index == 0, !line.isEmpty {  // the next caller becomes the head
            line[0].turn?.resume()
            line[0].turn = nil
        }
    }

    private func cancelWaiter(_ id: Int) {
        // The head has no continuation: its cancelled sleep throws instead.
        guard let index = line.firstIndex(where: { $0.id == id }),
            let turn = line[index].turn
        else { return }
        line.remove(at: index)
        turn.resume(throwing: CancellationError())
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RateLimiter {
    /// Starts `count` jobs through a limiter, in order, and waits until all of
    /// them are done. Returns the instant each job started.
    public static func startJobs(
        count: Int, interval: Duration, burst: Int, clock: C,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> [C.Instant] {
        let limiter = RateLimiter(
            interval: interval, burst: burst, clock: clock)
        var starts: [C.Instant] = []
        try await withThrowingTaskGroup { group in
            for job in 1...count {
                starts.append(try await limiter.acquire())
                log("job \(job) started")
                group.addTask {}  // the job's work
            }
            try await group.waitForAll()
        }
        log("all \(count) jobs done")
        return starts
    }
}
