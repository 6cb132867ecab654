/// How a child process running a deadlock, trap or starvation demonstration ended.
public enum DemoResult: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The child exited by itself with this status.
    case finished(status: Int32)
    /// The child was killed by this signal (on Linux a libdispatch or `Mutex` trap is SIGILL, 4).
    case trapped(signal: Int32)
    /// The child was still running when the timeout passed, and was killed.
    case hung

    public var description: String {
        switch self {
        case .finished(let status): "finished with status \(status)"
        case .trapped(let signal): "trapped with signal \(signal) (\(DemoResult.signalName(signal)))"
        case .hung: "hung past the timeout, killed"
        }
    }

    /// The conventional name of a signal number.
    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

/// What a demonstration side is expected to do.
public enum DemoExpectation: Sendable, Equatable, CustomStringConvertible {
    /// Exit by itself with status 0.
    case finishes
    /// Be killed by a trap (any signal other than the timeout's kill).
    case traps
    /// Still be running at the timeout.
    case hangs
    /// Either trap or hang: for a demonstration whose ending depends on the platform or the run.
    case trapsOrHangs

    /// Whether a result meets the expectation.
    public func isMet(by result: DemoResult?) -> Bool {
        switch (self, result) {
        case (.finishes, .finished(status: 0)): true
        case (.traps, .trapped), (.trapsOrHangs, .trapped): true
        case (.hangs, .hung), (.trapsOrHangs, .hung): true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .finishes: "finishes"
        case .traps: "traps"
        case .hangs: "hangs until the timeout"
        case .trapsOrHangs: "traps or hangs"
        }
    }
}
