/// What one side of one scenario did: its transcript, its named values, and how it ended.
public struct Outcome: Sendable, Equatable, Codable {
    /// The transcript lines, in the order they were logged.
    public var lines: [String]
    /// Named values for invariant rules (a final count, a min and a max).
    public var values: [String: String]
    /// For a child-process demonstration: how the child ended.
    public var demo: DemoResult?
    /// The error the side threw, if it threw one. A side that throws never agrees with anything.
    public var error: String?

    public init(lines: [String] = [], values: [String: String] = [:], demo: DemoResult? = nil, error: String? = nil) {
        self.lines = lines
        self.values = values
        self.demo = demo
        self.error = error
    }
}
