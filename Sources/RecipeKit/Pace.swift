/// Injectable time: how fast a recipe's delays and intervals run.
///
/// Recipes never hard-code a sleep; the catalog passes `pace(.seconds(1))` where the original
/// code waits one second. `realistic` keeps the original numbers, `quick` is what `compare` uses
/// by default, and `test` is what the suite uses (the original 1 s becomes 10 ms). Tests still
/// assert only order, counts and "at least this long", never an exact duration.
public struct Pace: Sendable, Hashable, CustomStringConvertible {
    /// The name used on the command line and in JSON.
    public let name: String
    /// The factor applied to every original duration.
    public let scale: Double
    /// How long a child-process demonstration may run before it is checked for a hang (it counts
    /// as hung only if it is then blocked: see `ChildProcess.run`).
    public let demoTimeout: Duration

    public init(name: String, scale: Double, demoTimeout: Duration) {
        self.name = name
        self.scale = scale
        self.demoTimeout = demoTimeout
    }

    /// The original code's own numbers.
    public static let realistic = Pace(name: "realistic", scale: 1, demoTimeout: .seconds(5))
    /// A tenth of the original numbers: fast enough to watch.
    public static let quick = Pace(name: "quick", scale: 0.1, demoTimeout: .seconds(2))
    /// A hundredth of the original numbers, for the test suite.
    public static let test = Pace(name: "test", scale: 0.01, demoTimeout: .seconds(2))

    /// Every pace, in the order `--help` lists them.
    public static let all: [Pace] = [.realistic, .quick, .test]

    /// The pace with this name, if there is one.
    public static func named(_ name: String) -> Pace? {
        all.first { $0.name == name }
    }

    /// Scales a duration from the original code; the result is never below one millisecond.
    public func callAsFunction(_ originalDuration: Duration) -> Duration {
        max(originalDuration * scale, .milliseconds(1))
    }

    public var description: String { name }
}
