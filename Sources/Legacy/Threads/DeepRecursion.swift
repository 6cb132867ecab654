import Foundation

/// Deep synchronous recursion on a thread whose stack is made big enough
/// first.
///
/// Every thread gets a fixed stack when it is created, and each nested call
/// takes a frame of it; run out, and the process dies with SIGSEGV (nothing
/// can catch it). A recursive-descent parser given deeply nested input is the
/// classic case. The size is set before the thread starts: `stackSize` on a
/// `Thread` created with `init(block:)` (not `detachNewThread`, which starts
/// at once), or `pthread_attr_setstacksize` on a POSIX thread's attributes.
/// Apple's rules: at least 16 KB, in multiples of the 4 KB page size.
public enum DeepRecursion {
    /// The nesting depth of balanced brackets, `"(())"` → 2: one call per
    /// level, so the depth of the input is the depth of the recursion.
    public static func nestingDepth(of text: [UInt8]) -> Int {
        var index = 0
        return text.withUnsafeBufferPointer { parseGroups($0, &index) }
    }

    private static func parseGroups(
        _ text: UnsafeBufferPointer<UInt8>, _ index: inout Int
    ) -> Int {
        var deepest = 0
        while index < text.count, text[index] == UInt8(ascii: "(") {
            index += 1
            deepest = max(deepest, 1 + parseGroups(text, &index))
            index += 1  // the closing ")"
        }
        return deepest
    }

    /// Parses on a new `Thread` with a stack of `stackSize` bytes, and blocks
    /// until it has reported. Also returns the stack size the thread read back.
    public static func depthOnThread(
        of text: [UInt8], stackSize: Int
    ) -> (depth: Int, stackSize: Int) {
        let done = DispatchSemaphore(value: 0)
        let job = Job(text: text)
        let thread = Thread {
            job.depth = nestingDepth(of: job.text)
            job.stackSize = Thread.current.stackSize
            done.signal()  // the thread's last act
        }
        thread.stackSize = stackSize  // before start(), or it has no effect
        thread.start()
        done.wait()
        return (job.depth, job.stackSize)
    }
}

// MARK: - POSIX: pthread_attr_setstacksize

extension DeepRecursion {
    /// Parses on a joinable POSIX thread whose attributes set the stack size.
    public static func depthOnPOSIXThread(
        of text: [UInt8], stackSize: Int
    ) -> Int {
        var attr = pthread_attr_t()
        var error = pthread_attr_init(&attr)
        precondition(error == 0, "pthread_attr_init() failed: \(error)")
        defer { pthread_attr_destroy(&attr) }
        // EINVAL below PTHREAD_STACK_MIN (16 KiB on Linux).
        error = pthread_attr_setstacksize(&attr, stackSize)
        precondition(error == 0, "pthread_attr_setstacksize() failed: \(error)")

        let job = Unmanaged.passRetained(Job(text: text))
        var thread = pthread_t()  // an integer on Linux, a pointer on Darwin
        error = pthread_create(&thread, &attr, parseRoutine, job.toOpaque())
        precondition(error == 0, "pthread_create() failed: \(error)")
        error = pthread_join(thread, nil)
        precondition(error == 0, "pthread_join() failed: \(error)")
        return job.takeRetainedValue().depth
    }

    /// A thread's input and output.
    final class Job: @unchecked Sendable {
        // `@unchecked Sendable`: the worker writes the results before it
        // signals (or ends), and the caller reads them only after its
        // `wait()` (or `pthread_join`), which orders the accesses.
        let text: [UInt8]
        var depth = 0
        var stackSize = 0
        init(text: [UInt8]) { self.text = text }
    }
}

private func parseRoutine(
    _ data: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
    let job = Unmanaged<DeepRecursion.Job>.fromOpaque(data!)
        .takeUnretainedValue()  // the joiner releases it
    job.depth = DeepRecursion.nestingDepth(of: job.text)
    return nil
}

// MARK: - Driver (the page's output; not part of the pattern)

extension DeepRecursion {
    /// `depth` opening brackets, then as many closing ones.
    public static func nested(depth: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "("), count: depth)
            + [UInt8](repeating: UInt8(ascii: ")"), count: depth)
    }

    /// Parses `depth`-deep input on a `Thread` with a `stackSize` stack.
    @discardableResult
    public static func runOnThread(
        depth: Int, stackSize: Int, log: @escaping @Sendable (String) -> Void
    ) -> Int {
        log("parsing \(depth)-deep input on a \(stackSize >> 10) KiB stack")
        let result = depthOnThread(
            of: nested(depth: depth), stackSize: stackSize)
        log("depth = \(result.depth)")
        log("stack size read back: \(result.stackSize >> 10) KiB")
        return result.depth
    }

    /// Parses `depth`-deep input on a POSIX thread with a `stackSize` stack.
    @discardableResult
    public static func runOnPOSIXThread(
        depth: Int, stackSize: Int, log: @escaping @Sendable (String) -> Void
    ) -> Int {
        log("parsing \(depth)-deep input on a \(stackSize >> 10) KiB stack")
        let depth = depthOnPOSIXThread(
            of: nested(depth: depth), stackSize: stackSize)
        log("depth = \(depth)")
        return depth
    }
}
