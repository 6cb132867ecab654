import Foundation

/// A joinable POSIX thread hands its result to the thread that joins it.
///
/// Threads are joinable by default. The start routine returns a pointer (or
/// passes one to `pthread_exit`), and `pthread_join` blocks until the thread
/// has ended and gives that pointer to the joiner. Here the pointer is a class
/// instance retained once by the routine and released by the joiner, so the
/// result outlives the thread that made it. Until it is joined, an ended
/// thread keeps its resources (a "zombie"); `pthread_detach` gives up the
/// right to join and lets it free them itself.
public enum JoinableThreadResult {
    /// What crosses the thread boundary as a raw pointer, either way.
    final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Starts a joinable thread that sums `range`. Returns the thread's id,
    /// which must be joined exactly once.
    public static func launchSum(of range: ClosedRange<Int>) -> pthread_t {
        // `pthread_t` is an integer on Linux (an optional pointer on Darwin).
        var thread = pthread_t()
        let input = Unmanaged.passRetained(Box(range)).toOpaque()
        // No attributes: joinable, the default.
        let error = pthread_create(&thread, nil, sumRoutine, input)
        precondition(error == 0, "pthread_create() failed: \(error)")
        return thread
    }

    /// Blocks until `thread` has ended, and returns what its routine returned.
    public static func joinSum(_ thread: pthread_t) -> Int {
        var returned: UnsafeMutableRawPointer?
        let error = pthread_join(thread, &returned)
        precondition(error == 0, "pthread_join() failed: \(error)")
        return Unmanaged<Box<Int>>.fromOpaque(returned!).takeRetainedValue()
            .value
    }
}

/// The start routine: takes over its inputs, and returns the sum in a box
/// retained for the joiner.
private func sumRoutine(
    _ data: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
    typealias Box = JoinableThreadResult.Box
    let range = Unmanaged<Box<ClosedRange<Int>>>.fromOpaque(data!)
        .takeRetainedValue().value
    let sum = range.reduce(0, +)
    return Unmanaged.passRetained(Box(sum)).toOpaque()  // or pthread_exit(_:)
}

// MARK: - Two workers, each joined before the results are used

extension JoinableThreadResult {
    /// Splits 1…n between two threads and joins both. Forgetting a join
    /// compiles fine; the thread then leaks until the process ends.
    public static func sumOnTwoThreads(upTo n: Int) -> Int {
        let low = launchSum(of: 1...n / 2)
        let high = launchSum(of: n / 2 + 1...n)
        return joinSum(low) + joinSum(high)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension JoinableThreadResult {
    /// Sums 1…1000 on one joined thread, then on two.
    public static func run(
        upTo n: Int, log: @escaping @Sendable (String) -> Void
    ) {
        log("one worker: \(joinSum(launchSum(of: 1...n)))")
        log("two workers: \(sumOnTwoThreads(upTo: n))")
    }
}
