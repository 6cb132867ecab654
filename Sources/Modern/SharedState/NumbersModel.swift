/// No locks: a `@MainActor` model sends a copy of its numbers to a
/// `@concurrent` function, and assigns the value it returns.
///
/// Nothing is shared. `summarize` takes an `[Int]`, a value, and returns a new
/// `Summary`, also a value; the compiler checks that both are `Sendable` at
/// each hand-off, and that the model's state is touched only on the main actor.
/// `@concurrent` sends the work to the shared pool whoever calls it, and the
/// line after the `await` is back on main. With no shared mutable state there
/// is nothing to lock; the price is a copy per hand-off, fine for moderate
/// data.
@MainActor
public final class NumbersModel {
    /// What the worker sends back: a value.
    public nonisolated struct Summary: Sendable, Equatable {
        public let sorted: [Int]
        public let sum: Int
    }

    public private(set) var summary: Summary?

    public init() {}

    /// Summarises off the main actor, then sets `summary` on it.
    public func process(_ numbers: [Int]) async {
        summary = await Self.summarize(numbers)
    }

    /// The work: a pure function of its input, run on the shared pool.
    @concurrent
    public nonisolated static func summarize(
        _ numbers: [Int]
    ) async -> Summary {
        Summary(sorted: numbers.sorted(), sum: numbers.reduce(0, +))
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension NumbersModel {
    /// On the main actor: hands `numbers` off, empties the caller's own array,
    /// then shows the summary when it arrives, and returns the model.
    public static func run(
        _ numbers: [Int],
        show: @MainActor (String) -> Void,
        log: @Sendable (String) -> Void
    ) async -> NumbersModel {
        let model = NumbersModel()
        var numbers = numbers
        let processing = Task { [numbers] in await model.process(numbers) }
        log("handed off \(numbers.count) numbers")
        numbers.removeAll()
        log("the caller's array now has \(numbers.count)")
        await processing.value
        if let summary = model.summary { show(describe(summary)) }
        return model
    }

    static func describe(_ summary: Summary) -> String {
        let range = "\(summary.sorted.first ?? 0)…\(summary.sorted.last ?? 0)"
        return "\(summary.sorted.count) sorted (\(range)), sum \(summary.sum)"
    }
}
