import Foundation

/// A thread of your own that repeats a calculation 1,000 times, checking for
/// cancellation on every pass.
///
/// This is how work ran in parallel before GCD: create a `Thread`,
/// start it, and let its entry point loop until it is done or
/// `Thread.current.isCancelled` turns true. `Thread(block:)` rather than
/// `detachNewThread` keeps a handle to cancel; `cancel()` only sets the flag,
/// so the loop stops at its next check. A thread returns nothing and can't be
/// joined: the count comes back through a property, and the end through a
/// semaphore that the thread signals last.
public final class CalculationLoop: @unchecked Sendable {
    // `@unchecked Sendable`: `thread` is set once, before anyone can call
    // `cancel()`, and `Thread.cancel()` may be called from any thread.
    // `calculations` is written only by the thread before it signals
    // `finished`, and read only after waiting on it.
    private var thread: Thread?
    private var calculations = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread.
    ///
    /// - Parameters:
    ///   - times: how many calculations to do if nobody cancels.
    ///   - reportEvery: how often (in calculations) to call `report`.
    ///   - calculation: `doCalculation`; runs on the thread.
    ///   - report: called on the thread with the count so far.
    public init(
        times: Int = 1000,
        reportEvery: Int = 100,
        calculation: @escaping @Sendable () -> Void,
        report: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        let thread = Thread { [self] in
            var counter = 0
            while !Thread.current.isCancelled {
                calculation()
                counter += 1
                if counter % reportEvery == 0 { report(counter) }
                if counter >= times { break }
            }
            calculations = counter
            finished.signal()
        }
        self.thread = thread
        thread.start()
    }

    /// Asks the loop to stop before its next calculation. Callable from any
    /// thread.
    public func cancel() {
        thread?.cancel()
    }

    /// Blocks the calling thread until the loop has ended, and returns how
    /// many calculations it did.
    public func waitUntilFinished() -> Int {
        finished.wait()
        finished.signal()  // let later callers through as well
        return calculations
    }
}
