/// A value made on first use, once, whichever thread asks first.
///
/// A recipe's page prose is parsed from its Markdown article. `scan` and `compare <id>` load every
/// recipe and read the prose of none or one, and parsing all of them when the catalog loaded was a
/// twentieth of a 200,000-line scan (most of a small one's fixed cost).
public final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Locked<Value?>(nil)

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if this is the first use.
    public var value: Value {
        made.withLock { made in
            if let value = made { return value }
            let value = make()
            made = value
            return value
        }
    }
}
