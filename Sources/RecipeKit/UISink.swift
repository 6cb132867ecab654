import Dispatch

/// A fake screen: records what was shown, and checks that it was shown from the main actor or
/// the main queue.
///
/// "Show on screen" in the classic examples is UIKit, which Linux does not have. The sink stands in for a
/// view: each call logs `line` to the transcript, and traps (as UIKit misuse would crash) when
/// it is not isolated to the main actor or running on the main queue. On Linux main-queue and
/// MainActor code may run on a thread that is not the process's main thread, so the check is
/// about isolation, never `Thread.isMainThread`.
public final class UISink: Sendable {
    private let log: @Sendable (String) -> Void
    private let shownLines = Recorder()

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Everything shown, in order.
    public var shown: [String] { shownLines.lines }

    /// Shows a line from MainActor code.
    @MainActor
    public func show(_ line: String) {
        MainActor.assertIsolated("UI updated off the main actor")
        shownLines.log(line)
        log(line)
    }

    /// Shows a line from a block running on the main queue.
    public func showFromMainQueue(_ line: String) {
        dispatchPrecondition(condition: .onQueue(.main))
        shownLines.log(line)
        log(line)
    }
}
