import Foundation

/// Fields of `/proc/self/status`: the thread count and the peak resident memory.
///
/// Both come from the kernel, so they count every thread and every page the process has, whichever
/// API created them.
enum ProcStatus {
    /// The number of threads in this process now (`Threads:`), or nil off Linux.
    static func threads() -> Int? {
        field("Threads:")
    }

    /// The highest resident memory this process has had, in bytes (`VmHWM:`), or nil off Linux.
    static func peakResidentBytes() -> Int? {
        field("VmHWM:").map { $0 * 1024 }
    }

    /// The first number after `name` in `/proc/self/status`.
    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let number = line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first
            return number.flatMap { Int($0) }
        }
        return nil
    }
}
