// On Linux, subclassing `Thread` compiles only with this import.
import CoreFoundation
import Foundation

/// Four threads each scan a quarter of the numbers; the caller joins them and
/// combines the parts.
///
/// With POSIX threads the start routine is a C function pointer, which cannot
/// capture anything, so each thread gets a pointer to its own context struct:
/// the slice to scan in, the partial minimum and maximum out. `pthread_join` is
/// what makes the results safe to read. A `Thread` has no join, so the `Thread`
/// version signals completion through a `DispatchGroup` instead. Both versions
/// block the caller until every thread has finished.
public enum MinMaxSearch {
    /// `0..<count` cut into `workers` contiguous ranges; the first
    /// `count % workers` get one extra element, so none is dropped.
    static func workerRanges(count: Int, workers: Int) -> [Range<Int>] {
        let (base, extra) = count.quotientAndRemainder(dividingBy: workers)
        var start = 0
        return (0..<workers).map { index in
            let end = start + base + (index < extra ? 1 : 0)
            defer { start = end }
            return start..<end
        }
    }
}

// MARK: - POSIX threads and a context struct

extension MinMaxSearch {
    /// The classic pthread version: `pthread_create` ×`threadCount`, then
    /// `pthread_join` each.
    public static func withPOSIXThreads(
        _ numbers: [UInt32], threadCount: Int = 4
    ) -> (min: UInt32, max: UInt32) {
        numbers.withUnsafeBufferPointer { all in
            let contexts = UnsafeMutablePointer<MinMaxContext>.allocate(
                capacity: threadCount)
            defer { contexts.deallocate() }
            let ranges = workerRanges(count: all.count, workers: threadCount)
            for (index, range) in ranges.enumerated() {
                let slice = UnsafeBufferPointer(rebasing: all[range])
                (contexts + index).initialize(to: MinMaxContext(input: slice))
            }
            defer { contexts.deinitialize(count: threadCount) }

            // Linux types: `pthread_t` is an integer. (On Darwin it is an
            // optional pointer, and the start routine's argument is not
            // optional.)
            var threads = [pthread_t](repeating: 0, count: threadCount)
            for index in 0..<threadCount {
                let error = pthread_create(
                    &threads[index], nil, findMinAndMax, contexts + index)
                precondition(error == 0, "pthread_create() failed: \(error)")
            }
            for thread in threads {
                let error = pthread_join(thread, nil)
                precondition(error == 0, "pthread_join() failed: \(error)")
            }

            var result = (min: UInt32.max, max: UInt32.min)
            for index in 0..<threadCount {
                result.min = min(result.min, contexts[index].min)
                result.max = max(result.max, contexts[index].max)
            }
            return result
        }
    }
}

/// What one pthread reads and writes: its slice of the input, and its partial
/// result.
struct MinMaxContext {
    let input: UnsafeBufferPointer<UInt32>
    var min = UInt32.max
    var max = UInt32.min
}

/// The pthread start routine. A `@convention(c)` function captures nothing, so
/// all it knows comes through `argument`, a pointer to this thread's
/// `MinMaxContext`.
private func findMinAndMax(
    _ argument: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
    let context = argument!.assumingMemoryBound(to: MinMaxContext.self)
    var low = UInt32.max
    var high = UInt32.min
    for value in context.pointee.input {
        low = min(low, value)
        high = max(high, value)
    }
    context.pointee.min = low
    context.pointee.max = high
    return nil
}

// MARK: - The Thread subclass

extension MinMaxSearch {
    /// The classic `Thread` subclass version: each thread stores its part in
    /// properties, and the caller waits on a `DispatchGroup` before reading
    /// them.
    public static func withThreadSubclass(
        _ numbers: [UInt32], threadCount: Int = 4
    ) -> (min: UInt32, max: UInt32) {
        let finished = DispatchGroup()
        let threads = workerRanges(count: numbers.count, workers: threadCount)
            .enumerated().map { index, range in
                FindMinMaxThread(
                    index: index, numbers: numbers[range], finished: finished)
            }
        for thread in threads {
            finished.enter()
            thread.start()
        }
        // `Thread` has no join; without this wait the parts could be read too
        // early.
        finished.wait()

        var result = (min: UInt32.max, max: UInt32.min)
        for thread in threads {
            result.min = min(result.min, thread.min)
            result.max = max(result.max, thread.max)
        }
        return result
    }
}

/// A thread that finds the minimum and maximum of its numbers, then leaves
/// `finished`.
///
/// `min` and `max` are written on the new thread and read by the caller only
/// after `finished.wait()` returns, which orders the write before the read.
final class FindMinMaxThread: Thread {
    private let index: Int
    private let numbers: ArraySlice<UInt32>
    private let finished: DispatchGroup
    private(set) var min = UInt32.max
    private(set) var max = UInt32.min

    init(index: Int, numbers: ArraySlice<UInt32>, finished: DispatchGroup) {
        self.index = index
        self.numbers = numbers
        self.finished = finished
        super.init()
    }

    override func main() {
        // Set inside: on Linux a name set before start() is lost.
        name = "min-max worker \(index)"
        var low = UInt32.max
        var high = UInt32.min
        for value in numbers {
            low = Swift.min(low, value)
            high = Swift.max(high, value)
        }
        min = low
        max = high
        finished.leave()
    }
}
