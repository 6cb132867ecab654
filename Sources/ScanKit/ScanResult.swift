/// Everything one scan found: the findings in path order, the files read and the files skipped.
public struct ScanResult: Sendable {
    public var findings: [Finding] = []
    /// How many source files were read.
    public var filesScanned = 0
    /// How many lines those files had.
    public var linesScanned = 0
    public var skipped: [SkippedFile] = []

    public init() {}
}
