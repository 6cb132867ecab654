/// A classic label as a `@MainActor` model: a task computes off the main actor,
/// publishes on it, and is cancelled when the model goes away.
///
/// The task captures `self` weakly (a `Task {}` captures it strongly by
/// default, and would keep the model alive until the computation ends), and
/// the model keeps the task so that `stop()` and `deinit` can cancel it.
/// `[weak self]` alone would not stop the work: cancelling does, because the
/// computation checks for cancellation between exponents (and yields, so a
/// long loop does not hold its thread). The result is published only if the
/// model is still there and the task was not cancelled meanwhile: an injected
/// computation may ignore the cancel and return all the same. `compute` is
/// injectable; it defaults to the classic `findLargestMersennePrime`. Its type
/// is `@concurrent`, so whatever computation is passed in runs off the main
/// actor, not in the task that awaits it there.
@MainActor
public final class MersenneLabel {
    public private(set) var text = ""
    private let compute: @concurrent @Sendable () async throws -> UInt64
    private let show: @MainActor @Sendable (String) -> Void
    private var task: Task<Void, Never>?

    /// `show` puts the text on screen.
    public init(
        compute: @escaping @concurrent @Sendable () async throws -> UInt64 = {
            try await Mersenne.largest()
        },
        show: @escaping @MainActor @Sendable (String) -> Void
    ) {
        self.compute = compute
        self.show = show
    }

    deinit { task?.cancel() }

    /// Computes off the main actor and shows the result. Returns the task, to
    /// await it; `stop()` cancels it.
    @discardableResult
    public func showLargestMersennePrime() -> Task<Void, Never> {
        task?.cancel()
        let compute = compute
        let task = Task { [weak self] in
            guard let result = try? await compute() else { return }
            // A computation that ignores the cancel still returns: check
            // here, on main, where `stop()` cancels, before publishing.
            guard !Task.isCancelled, let self else { return }
            text = String(result)
            show(text)
        }
        self.task = task
        return task
    }

    public func stop() {
        task?.cancel()
        task = nil
    }
}

// MARK: - The computation: Lucas–Lehmer, up to 2^63 − 1

/// The `findLargestMersennePrime` that the classic example calls.
public nonisolated enum Mersenne {
    /// The largest Mersenne prime 2^p − 1 that fits in `UInt64`; throws
    /// `CancellationError` when cancelled.
    @concurrent
    public static func largest() async throws -> UInt64 {
        var largest: UInt64 = 0
        for p in 2...63 where isPrime(p) {
            try Task.checkCancellation()
            await Task.yield()
            if isMersennePrime(exponent: p) { largest = (1 << UInt64(p)) - 1 }
        }
        return largest
    }

    /// Lucas–Lehmer: for an odd prime p, 2^p − 1 is prime iff s(p − 2) is 0,
    /// where s(0) = 4 and s(k + 1) = s(k)² − 2 mod 2^p − 1.
    static func isMersennePrime(exponent p: Int) -> Bool {
        let m: UInt64 = (1 << UInt64(p)) - 1
        guard p > 2 else { return true }  // 3
        var s: UInt64 = 4
        for _ in 0..<(p - 2) {
            let square = s.multipliedFullWidth(by: s)  // 128 bits
            let r = m.dividingFullWidth(square).remainder
            s = r >= 2 ? r - 2 : r + m - 2
        }
        return s == 0
    }

    static func isPrime(_ n: Int) -> Bool {
        n >= 2 && !(2..<n).contains { n % $0 == 0 }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension MersenneLabel {
    /// Starts the computation, keeping the model or releasing it at once
    /// (before the result can arrive), then logs what happened.
    public static func run(
        releasingFirst: Bool,
        compute: @escaping @concurrent @Sendable () async throws -> UInt64 = {
            try await Mersenne.largest()
        },
        show: @escaping @MainActor @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) async {
        var label: MersenneLabel? = MersenneLabel(compute: compute, show: show)
        weak let weakLabel = label
        let task = label?.showLargestMersennePrime()
        if releasingFirst {
            label = nil
            log("label released")
        }
        await task?.value
        log("text: \(weakLabel?.text ?? "(no label)")")
        log("label deallocated: \(weakLabel == nil)")
        withExtendedLifetime(label) {}
    }
}
