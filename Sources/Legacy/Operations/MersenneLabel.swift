import Foundation

/// A classic label: compute on an operation queue, publish on the main queue,
/// and capture `self` weakly so the owner can go away meanwhile.
///
/// The owner keeps the queue, the queue keeps the block until it has run, and
/// a block that captured `self` strongly would keep the owner: alive, at least
/// until the computation ends, for a label no one sees. With `[weak self]` the
/// owner can be released at any time; the main-queue block then finds `nil`
/// and updates nothing. The computation itself is not stopped: it runs to the
/// end and its result is dropped. `compute` is injectable; it defaults to the
/// classic `findLargestMersennePrime`.
public final class MersenneLabel: @unchecked Sendable {
    // `@unchecked Sendable`: `text` is read and written on the main queue
    // only; everything else is a constant.
    private let operationQueue = OperationQueue()
    private let compute: @Sendable () -> UInt64
    private let show: @Sendable (String) -> Void
    public private(set) var text = ""

    /// `show` puts the text on screen; it is called on the main queue.
    public init(
        compute: @escaping @Sendable () -> UInt64 = Mersenne.largest,
        show: @escaping @Sendable (String) -> Void
    ) {
        self.compute = compute
        self.show = show
    }

    /// Computes in the background and shows the result on the main queue.
    /// `done` runs on the main queue afterwards, shown or not.
    public func showLargestMersennePrime(
        done: @escaping @Sendable () -> Void = {}
    ) {
        let compute = compute
        operationQueue.addOperation { [weak self] in
            let result = compute()
            OperationQueue.main.addOperation { [weak self] in
                if let self {
                    self.text = String(result)
                    self.show(self.text)
                }
                done()
            }
        }
    }
}

// MARK: - The computation: Lucas–Lehmer, up to 2^63 − 1

/// The `findLargestMersennePrime` that the classic example calls.
public enum Mersenne {
    /// The largest Mersenne prime 2^p − 1 that fits in `UInt64`.
    public static func largest() -> UInt64 {
        var largest: UInt64 = 0
        for p in 2...63 where isPrime(p) && isMersennePrime(exponent: p) {
            largest = (1 << UInt64(p)) - 1
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
    /// Starts the computation, keeping the label or releasing it at once
    /// (all in one main-queue block, so before the result can arrive), then
    /// logs what happened; `completion` runs on the main queue.
    public static func run(
        releasingFirst: Bool,
        compute: @escaping @Sendable () -> UInt64 = Mersenne.largest,
        show: @escaping @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        DispatchQueue.main.async {
            let label = MersenneLabel(compute: compute, show: show)
            weak let weakLabel = label
            // The owner's reference (a view controller's property, say).
            let owner = releasingFirst ? nil : label
            label.showLargestMersennePrime {
                log("text: \(weakLabel?.text ?? "(no label)")")
                log("label deallocated: \(weakLabel == nil)")
                withExtendedLifetime(owner) { completion() }
            }
            if releasingFirst { log("label released") }
        }
    }
}
