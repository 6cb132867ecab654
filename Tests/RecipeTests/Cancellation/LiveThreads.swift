import Foundation

/// The threads of this process, by kernel id (`/proc/self/task/<tid>`, Linux).
enum LiveThreads {
    /// The calling thread's kernel id: "/proc/thread-self" links to "<pid>/task/<tid>".
    static func currentID() -> Int32? {
        let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
        return link?.split(separator: "/").last.flatMap { Int32($0) }
    }

    /// Whether the thread with this kernel id is still alive, once it has gone or after 5 s. A
    /// thread whose entry point has returned (its last act signalled) is still torn down by the
    /// kernel a moment later, and nothing signals that: this polls for it, it places nothing.
    static func settle(tid: Int32) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)") && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)")
    }
}
