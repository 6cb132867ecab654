import Foundation

/// An operation that calls a method with an argument, started by hand: on
/// Linux a `BlockOperation` makes the call that `NSInvocationOperation` made.
///
/// `NSInvocationOperation(target:selector:object:)` needs selectors and the
/// Objective-C runtime, which Linux doesn't have. A block that captures the
/// argument and calls the method does the same, and the compiler checks the
/// call. `start()` runs the operation synchronously, on the calling thread:
/// `Parameter Object = 123` is logged before `start()` returns, and if that
/// thread is the main thread, the UI waits meanwhile. Keep a reference to the
/// operation (the classic example keeps it in a property) only if you need to
/// cancel it or ask whether it has finished.
public final class InvocationOperationStart: Sendable {
    let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// The method the classic invocation operation calls.
    func simpleOperationEntry(_ paramObject: Int) {
        log("Parameter Object = \(paramObject)")
    }

    /// The classic launch code: wrap the call with its argument in an
    /// operation and start it by hand.
    public func startSimpleOperation() {
        let simpleObject = 123
        let simpleOperation = BlockOperation { [self] in
            simpleOperationEntry(simpleObject)
        }
        // Runs the block here, on this thread, and returns when it is done.
        simpleOperation.start()
        log("Back in the caller")
    }
}
