import Foundation

/// Starting an operation by hand runs it on your thread: `start()` returns
/// only when the block has finished.
///
/// An operation does not bring a thread of its own. `start()` runs its work
/// right there, on the thread that called it, so the line after `start()`
/// waits for all of it. Called on the main thread, as the classic example does
/// in `application(_:didFinishLaunchingWithOptions:)`, that freezes the UI for
/// as long as the block runs: "very unprofessional", as the *iOS Programming
/// Cookbook* itself puts it.
/// To run an operation in the background, add it to an `OperationQueue` and
/// never call `start()` on it (`operation-queue-async`).
public enum BlockOperationStart {
    /// The classic count: `Count = 0` … `Count = 999`, and only then
    /// `Main thread is here`.
    public static func countThenContinue(
        to endingCount: Int = 1000,
        log: @escaping @Sendable (String) -> Void
    ) {
        let simpleOperation = BlockOperation {
            for counter in 0..<endingCount {
                log("Count = \(counter)")
            }
        }
        // Start the operation. This call returns when the block has run.
        simpleOperation.start()
        // Log something, to see whether we had to wait for the block.
        log("Main thread is here")
    }
}
