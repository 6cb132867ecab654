import Foundation
import Synchronization

/// Progress on standard error: a bar redrawn in place on a terminal, one plain line per step
/// otherwise.
///
/// Standard output stays clean for `--json`; a log that is not a terminal gets no carriage
/// returns to garble it.
final class ProgressReporter: Sendable {
    private let total: Int
    private let done = Atomic(0)
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(total: Int) {
        self.total = max(1, total)
    }

    /// Counts one step done and shows it.
    func step(_ label: String) {
        let count = min(total, done.wrappingAdd(1, ordering: .relaxed).newValue)
        if isTerminal {
            let width = 30
            let filled = width * count / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let text = Format.pad(String(label.prefix(40)), 40)
            write("\r\u{1B}[2K\(bar) \(count)/\(total) \(text)")
        } else {
            write("bench: [\(count)/\(total)] \(label)\n")
        }
    }

    /// Clears the bar so the report starts on a clean line.
    func finish() {
        if isTerminal { write("\r\u{1B}[2K") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
