import Foundation

/// Races several probes from callbacks on a serial queue, one of them
/// preferred: the preferred result wins unless another probe answers first
/// and the preferred one does not follow within a grace period.
///
/// Every probe starts at once and calls back on its own queue; each callback
/// hops onto the race's serial queue, where a `done` flag makes the first
/// decision the only one. A success of another probe starts the grace timer,
/// a `DispatchWorkItem` run by `asyncAfter`, and keeps that success as the
/// fallback. The decision cancels the timer and the probes still running
/// through the handles they returned, and calls the completion, on the same
/// queue. Callbacks that come after it find `done` set.
public final class PreferredWinnerRace<Value: Sendable>: @unchecked Sendable {
    public typealias Completion =
        @Sendable (Result<Value, any Error>) -> Void
    /// Starts one probe, which calls `completion` once, on any queue, and
    /// returns what cancels it (a `URLSessionTask`'s `cancel`, a `close`).
    public typealias Probe =
        @Sendable (_ completion: @escaping Completion) -> (@Sendable () -> Void)

    // `@unchecked Sendable`: everything below is only touched on `queue`.
    private let queue: DispatchQueue
    private var done = false
    /// The cancel handle of each probe still running; the preferred is 0.
    private var running: [(@Sendable () -> Void)?] = []
    private var fallback: Value?  // the first other success
    private var preferredError: (any Error)?
    private var graceTimer: DispatchWorkItem?
    private var completion: Completion?

    /// `queue` is serial: the race's state lives on it, and the completion
    /// runs on it (`.main` for a completion on the main thread).
    public init(
        queue: DispatchQueue = DispatchQueue(label: "PreferredWinnerRace")
    ) {
        self.queue = queue
    }
}

// MARK: - Starting and cancelling

extension PreferredWinnerRace {
    /// Starts `preferred` and `others` at once, and calls `completion` once,
    /// on the race's queue: with the preferred result if it comes first or
    /// within `grace` of the first other success, else with that success; once
    /// the preferred probe has failed, the first other success wins at once.
    /// With the preferred probe's error when every probe fails.
    public func start(
        preferred: @escaping Probe, others: [Probe], grace: Duration,
        completion: @escaping Completion
    ) {
        queue.async { [self] in
            self.completion = completion
            let probes = [preferred] + others
            running = Array(repeating: nil, count: probes.count)
            for (index, probe) in probes.enumerated() {
                running[index] = probe { result in
                    self.queue.async {
                        self.finished(index, result, grace: grace)
                    }
                }
            }
        }
    }

    /// Cancels the race: the probes still running and the timer are
    /// cancelled, and the completion gets `RaceCancelled`, unless the race
    /// has already decided.
    public func cancel() {
        queue.async { [self] in decide(.failure(RaceCancelled())) }
    }
}

/// The error a cancelled race completes with.
public struct RaceCancelled: Error, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "cancelled" }
}

// MARK: - Deciding, on the race's queue

extension PreferredWinnerRace {
    private func finished(
        _ index: Int, _ result: Result<Value, any Error>, grace: Duration
    ) {
        guard !done else { return }  // a late callback: the race is over
        running[index] = nil
        switch (index == 0, result) {
        case (true, .success):
            decide(result)
        case (true, .failure(let error)):
            preferredError = error
            if let fallback { decide(.success(fallback)) }  // no need to wait
        case (false, .success(let value)):
            if preferredError != nil {
                decide(result)
            } else if fallback == nil {
                fallback = value
                let timer = DispatchWorkItem { [self] in
                    decide(.success(value))
                }
                graceTimer = timer
                queue.asyncAfter(
                    deadline: .now() + grace / .seconds(1), execute: timer)
            }
        case (false, .failure):
            break
        }
        // Every probe failed (the timer starts only after a success).
        if !done, running.allSatisfy({ $0 == nil }), let preferredError {
            decide(.failure(preferredError))
        }
    }

    private func decide(_ result: Result<Value, any Error>) {
        guard !done else { return }
        done = true
        graceTimer?.cancel()
        for cancel in running { cancel?() }  // the losers
        running = []
        completion?(result)
        completion = nil
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// A probe for the page's driver and the tests: it answers when told to. A
/// cancel before its answer logs so and calls back with `RaceCancelled`,
/// unless it ignores cancellation, in which case it still waits for its
/// answer.
public final class HeldProbe: @unchecked Sendable {
    public let name: String
    private let ignoresCancellation: Bool
    private let log: @Sendable (String) -> Void
    // `@unchecked Sendable`: the state is only touched under `lock`.
    private let lock = NSLock()
    private var answer: Result<String, any Error>?
    private var completion: (@Sendable (Result<String, any Error>) -> Void)?
    private var cancelled = false
    private var starts = 0

    public init(
        _ name: String, ignoresCancellation: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.name = name
        self.ignoresCancellation = ignoresCancellation
        self.log = log
    }

    /// Whether the race cancelled this probe before it had its answer.
    public var wasCancelled: Bool { lock.withLock { cancelled } }

    /// How many times the probe was started.
    public var startCount: Int { lock.withLock { starts } }

    /// The probe: calls back with the answer, now if it has one.
    public func start(
        _ completion: @escaping @Sendable (Result<String, any Error>) -> Void
    ) -> @Sendable () -> Void {
        let answered = lock.withLock {
            starts += 1
            if answer == nil { self.completion = completion }
            return answer
        }
        if let answered { completion(answered) }
        return { self.cancel() }
    }

    /// Answers the probe; an answer after a cancel that ended it is dropped.
    public func answer(_ answer: Result<String, any Error>) {
        let completion = lock.withLock {
            () -> (@Sendable (Result<String, any Error>) -> Void)? in
            guard self.answer == nil else { return nil }
            self.answer = answer
            defer { self.completion = nil }
            return self.completion
        }
        completion?(answer)
    }

    private func cancel() {
        let (seen, completion) = lock.withLock {
            () -> (Bool, (@Sendable (Result<String, any Error>) -> Void)?) in
            guard answer == nil else { return (false, nil) }
            cancelled = true
            guard !ignoresCancellation else { return (true, nil) }
            answer = .failure(RaceCancelled())
            defer { self.completion = nil }
            return (true, self.completion)
        }
        guard seen else { return }
        log(
            ignoresCancellation
                ? "\(name) ignores the cancel" : "\(name) cancelled")
        completion?(.failure(RaceCancelled()))
    }
}
