/// Everything one scan found: the tally, the findings in path order (when collected), the files
/// read and the files skipped.
public struct ScanResult: Sendable {
    /// Every finding, when the scan was asked to keep them; empty when they were streamed.
    public var findings: [Finding] = []
    public var tally = ScanTally()
    /// How many source files were read.
    public var filesScanned = 0
    /// How many lines those files had.
    public var linesScanned = 0
    public var skipped: [SkippedFile] = []

    public init() {}
}
