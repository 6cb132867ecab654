import Foundation

/// Two operations that depend on each other: neither ever becomes ready, so
/// neither runs, and whoever waits for them waits forever.
///
/// A queue starts an operation only when all its dependencies have finished.
/// With A depending on B and B on A, each waits for the other. Nothing traps
/// and nothing is logged: the queue keeps both operations, not ready, for as
/// long as the process lives, and `waitUntilAllOperationsAreFinished()` never
/// returns. Neither `addDependency` nor the queue checks for cycles, so a
/// graph built in several places (or from data) can close one unnoticed.
/// Cancelling one of the two breaks the cycle: a cancelled operation becomes
/// ready, finishes without running, and lets the other go.
///
/// This function never returns; it is run only in a child process.
public enum DependencyCycle {
    /// A depends on B and B depends on A; then the caller waits for both.
    public static func runMutualDependency(
        log: @escaping @Sendable (String) -> Void
    ) {
        let operationA = BlockOperation { log("Operation A ran") }
        let operationB = BlockOperation { log("Operation B ran") }
        operationA.addDependency(operationB)
        operationB.addDependency(operationA)

        let queue = OperationQueue()
        queue.addOperations([operationA, operationB], waitUntilFinished: false)
        queue.waitUntilAllOperationsAreFinished()
        log("never printed: the queue never empties")
    }
}
