import Foundation

/// Operations that wait for other operations: `addDependency` on an
/// `OperationQueue`.
///
/// Without dependencies a queue promises no order, whatever the word "queue"
/// suggests. With `b.addDependency(a)`, `b` becomes ready only when `a` has
/// *finished*, and a cancelled `a` counts as finished: its block never runs,
/// yet `b` still starts. Operations return nothing, so a dependent reads its
/// inputs from shared state, and must check that they are really there.
/// `NSInvocationOperation` doesn't exist outside Apple platforms;
/// `BlockOperation` calls the entry method instead. The queue is kept in a
/// property, as the classic app delegate keeps it.
public final class OperationDependencies: Sendable {
    let operationQueue = OperationQueue()

    public init() {}

    /// A completion is one more operation that depends on all the others.
    ///
    /// Call it before the others are enqueued: on Linux (swift-corelibs-
    /// foundation) a dependency added to an operation that is already
    /// finishing can be missed, and the completion then never becomes ready
    /// (seen about once in a few thousand runs).
    private func whenFinished(
        _ operations: [Operation],
        run completion: @escaping @Sendable () -> Void
    ) {
        let done = BlockOperation(block: completion)
        for operation in operations { done.addDependency(operation) }
        operationQueue.addOperation(done)
    }
}

// MARK: - The classic pair: First depends on Second

extension OperationDependencies {
    /// The classic pair: First (111) depends on Second (222), so
    /// Second runs first, although First was added to the queue first.
    /// `completion` runs when both have finished.
    public func runFirstAfterSecond(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let firstOperation = BlockOperation {
            Self.firstOperationEntry(111, log: log)
        }
        let secondOperation = BlockOperation {
            Self.secondOperationEntry(222, log: log)
        }
        firstOperation.addDependency(secondOperation)

        // Add operations to the queue.
        whenFinished([firstOperation, secondOperation], run: completion)
        operationQueue.addOperation(firstOperation)
        operationQueue.addOperation(secondOperation)
        log("Main thread is here")
    }

    static func firstOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) {
        log("First Operation - Parameter Object = \(paramObject)")
        log("First Operation - Done")
    }

    static func secondOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) {
        log("Second Operation - Parameter Object = \(paramObject)")
        log("Second Operation - Done")
    }
}

// MARK: - A graph, its results in shared state

extension OperationDependencies {
    /// A classic graph: `intermediateOperation` depends on `operation1` and
    /// `operation2`, and `finishedOperation` depends on
    /// `intermediateOperation`. The results travel through a lock-protected
    /// dictionary, because an operation has no return value.
    public func runGraph(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let results = OperationResults()
        let operation1 = BlockOperation {
            results["operation1"] = 40
            log("operation1 - result = 40")
        }
        let operation2 = BlockOperation {
            results["operation2"] = 2
            log("operation2 - result = 2")
        }
        let intermediateOperation = BlockOperation {
            // Both dependencies have finished; neither was cancelled, so both
            // results are there.
            let a = results["operation1"] ?? 0
            let b = results["operation2"] ?? 0
            results["intermediateOperation"] = a + b
            log("intermediateOperation - \(a) + \(b) = \(a + b)")
        }
        let finishedOperation = BlockOperation {
            let result = results["intermediateOperation"] ?? 0
            log("finishedOperation - result = \(result)")
        }
        // Make sure operation1 and operation2 run before intermediateOperation
        // and finishedOperation.
        intermediateOperation.addDependency(operation1)
        intermediateOperation.addDependency(operation2)
        finishedOperation.addDependency(intermediateOperation)

        let all = [
            finishedOperation, intermediateOperation, operation2, operation1,
        ]
        whenFinished(all, run: completion)
        operationQueue.addOperations(all, waitUntilFinished: false)
    }
}

/// Results that operations hand to the operations that depend on them.
///
/// `@unchecked Sendable`: every access to `values` holds `lock`. The
/// dependencies already order the writes before the reads, but Swift can't see
/// that, and the lock costs nothing here.
final class OperationResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]

    subscript(key: String) -> Int? {
        get { lock.withLock { values[key] } }
        set { lock.withLock { values[key] = newValue } }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension OperationDependencies {
    /// The same two operations without a dependency: the queue may run them in
    /// either order, or at the same time.
    ///
    /// The classic example breaks a link with `removeDependency`. On Linux
    /// (swift-corelibs-foundation), removing a dependency that hasn't finished
    /// leaves the dependent waiting forever, so build the graph you want before
    /// enqueueing instead of adding links and removing them again.
    public func runWithoutDependency(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let firstOperation = BlockOperation {
            Self.firstOperationEntry(111, log: log)
        }
        let secondOperation = BlockOperation {
            Self.secondOperationEntry(222, log: log)
        }
        whenFinished([firstOperation, secondOperation], run: completion)
        operationQueue.addOperation(firstOperation)
        operationQueue.addOperation(secondOperation)
        log("Main thread is here")
    }

    /// First depends on Second, and Second is cancelled before the queue gets
    /// it. Second's block never runs, but a cancelled operation counts as
    /// finished, so First still starts; it has to look at its dependency to
    /// find out that there is no result.
    public func runAfterCancelledDependency(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let secondOperation = BlockOperation {
            Self.secondOperationEntry(222, log: log)
        }
        let firstOperation = BlockOperation {
            if secondOperation.isCancelled {
                log("First Operation - Second Operation was cancelled")
            }
            Self.firstOperationEntry(111, log: log)
        }
        firstOperation.addDependency(secondOperation)
        secondOperation.cancel()

        whenFinished([firstOperation, secondOperation], run: completion)
        operationQueue.addOperation(firstOperation)
        operationQueue.addOperation(secondOperation)
    }
}
