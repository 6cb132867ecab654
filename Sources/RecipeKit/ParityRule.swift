/// How the outcomes of the two sides of a scenario are compared.
///
/// A scenario lists one or more rules, and the sides agree when every rule holds. The rules are
/// `exact`, `multiset`, `perSourceOrder`, `partialOrder`, `invariant`, and `subprocessDemo` for
/// deadlocks, traps and starvation that only ever run in a child process.
public enum ParityRule: Sendable, Equatable {
    /// The same lines in the same order.
    case exact
    /// The same lines, in any order.
    case multiset
    /// The same lines; the lines that start with each prefix keep their own order, and the
    /// interleaving between prefixes is free.
    case perSourceOrder([String])
    /// The same lines, and on each side every line matching `before` precedes every line matching
    /// `after`.
    case partialOrder([OrderConstraint])
    /// The named values are equal on both sides (the transcripts may differ).
    case invariant([String])
    /// Each side, run in a child process with a timeout, ends as expected.
    case subprocessDemo(legacy: DemoExpectation, modern: DemoExpectation)
}

/// A happens-before constraint between two kinds of line.
public struct OrderConstraint: Sendable, Equatable, CustomStringConvertible {
    public let before: LineMatch
    public let after: LineMatch

    public init(_ before: LineMatch, before after: LineMatch) {
        self.before = before
        self.after = after
    }

    public var description: String { "every \(before) before every \(after)" }
}

/// Which lines a constraint talks about.
public enum LineMatch: Sendable, Equatable, CustomStringConvertible {
    case line(String)
    case prefix(String)

    public func matches(_ line: String) -> Bool {
        switch self {
        case .line(let text): line == text
        case .prefix(let prefix): line.hasPrefix(prefix)
        }
    }

    public var description: String {
        switch self {
        case .line(let text): "`\(text)`"
        case .prefix(let prefix): "`\(prefix)…`"
        }
    }
}

extension ParityRule: CustomStringConvertible {
    /// The rule as the guide and `compare` print it.
    public var description: String {
        switch self {
        case .exact: "exact: the same lines in the same order"
        case .multiset: "multiset: the same lines, in any order"
        case .perSourceOrder(let prefixes):
            "per-source order: the same lines; "
                + prefixes.map { "`\($0)…`" }.joined(separator: ", ")
                + " each keep their own order"
        case .partialOrder(let constraints):
            "partial order: the same lines; " + constraints.map(\.description).joined(separator: "; ")
        case .invariant(let keys): "invariant: equal " + keys.map { "`\($0)`" }.joined(separator: ", ")
        case .subprocessDemo(let legacy, let modern):
            "child-process demo: legacy \(legacy), modern \(modern)"
        }
    }

    /// The short name used in JSON.
    public var name: String {
        switch self {
        case .exact: "exact"
        case .multiset: "multiset"
        case .perSourceOrder: "perSourceOrder"
        case .partialOrder: "partialOrder"
        case .invariant: "invariant"
        case .subprocessDemo: "subprocessDemo"
        }
    }

    /// Whether the rule compares transcripts in an order that can vary from run to run.
    public var allowsReordering: Bool {
        switch self {
        case .exact, .subprocessDemo: false
        case .multiset, .perSourceOrder, .partialOrder, .invariant: true
        }
    }
}
