import Foundation

/// No locks: main hands a copy of its numbers to an operation queue, and the
/// worker hands back a new value.
///
/// Nothing is shared between the threads. The input is an `[Int]`, a value:
/// the block gets its own copy (copy-on-write makes that free until someone
/// writes), so the caller may go on changing its array. The worker builds a
/// new `Summary` and sends it to the main queue, where the model's state lives
/// and is only ever touched. With no shared mutable state there is nothing to
/// lock; the price is a copy per hand-off, fine for moderate data. That the
/// model stays on main is a convention the compiler cannot check, hence
/// `@unchecked Sendable`.
public final class NumbersModel: @unchecked Sendable {
    /// What the worker sends back: a value.
    public struct Summary: Sendable, Equatable {
        public let sorted: [Int]
        public let sum: Int
    }

    // `@unchecked Sendable`: `summary` is read and written on the main queue
    // only; the queue is a constant.
    private let queue = OperationQueue()
    public private(set) var summary: Summary?

    public init() {}

    /// Call on the main queue. `completion` runs on the main queue once
    /// `summary` is set.
    public func process(
        _ numbers: [Int],
        completion: @escaping @Sendable (Summary) -> Void
    ) {
        queue.addOperation {
            let summary = Self.summarize(numbers)  // Values in, a value out.
            OperationQueue.main.addOperation {
                self.summary = summary
                completion(summary)
            }
        }
    }

    /// The work: a pure function of its input.
    public static func summarize(_ numbers: [Int]) -> Summary {
        Summary(sorted: numbers.sorted(), sum: numbers.reduce(0, +))
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension NumbersModel {
    /// On the main queue: hands `numbers` off, empties the caller's own array,
    /// then shows the summary when it arrives; `completion` gets the model.
    public static func run(
        _ numbers: [Int],
        show: @escaping @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (NumbersModel) -> Void
    ) {
        DispatchQueue.main.async {
            let model = NumbersModel()
            var numbers = numbers
            model.process(numbers) { summary in
                show(describe(summary))
                completion(model)
            }
            log("handed off \(numbers.count) numbers")
            numbers.removeAll()
            log("the caller's array now has \(numbers.count)")
        }
    }

    static func describe(_ summary: Summary) -> String {
        let range = "\(summary.sorted.first ?? 0)…\(summary.sorted.last ?? 0)"
        return "\(summary.sorted.count) sorted (\(range)), sum \(summary.sum)"
    }
}
