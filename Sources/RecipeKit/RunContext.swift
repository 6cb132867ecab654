/// What a side gets when the catalog runs it: the pace, and the recorder to log into.
public struct RunContext: Sendable {
    /// How fast the recipe's delays run.
    public let pace: Pace
    /// Where the side's transcript and named values go.
    public let recorder: Recorder

    public init(pace: Pace, recorder: Recorder = Recorder()) {
        self.pace = pace
        self.recorder = recorder
    }

    /// The `@Sendable (String) -> Void` that recipe files take.
    public var log: @Sendable (String) -> Void { recorder.logger }

    /// Records a named value for an invariant rule.
    public func record(_ key: String, _ value: some CustomStringConvertible) {
        recorder.set(key, value)
    }
}
