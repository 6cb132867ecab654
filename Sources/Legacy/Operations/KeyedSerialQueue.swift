import Foundation

/// Same key: one operation at a time, in submission order; different keys: in
/// parallel. Each new operation depends on every unfinished one of its key.
///
/// You have probably met this as PSOperations' `ExclusivityController` (the
/// WWDC15 "Advanced NSOperations" sample), where a new operation depends on the
/// *last* one of its category. That breaks after a cancel: a cancelled
/// operation is ready at once, whatever its dependencies, so the one after it
/// may start while the one before it still runs. Depending on every unfinished
/// operation of the key keeps the chain. The completion block drops a finished
/// (or cancelled) operation from its key's list, and the key when its list is
/// empty, so the table doesn't grow forever.
public final class KeyedSerialQueue<Key: Hashable & Sendable>:
    @unchecked Sendable
{
    private let queue = OperationQueue()
    private let log: @Sendable (String) -> Void
    // `@unchecked Sendable`: `unfinished` is only touched while holding `lock`.
    private let lock = NSLock()
    private var unfinished: [Key: [Operation]] = [:]

    public init(log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.log = log
    }
}

// MARK: - Submitting: depend on every unfinished operation of the key

extension KeyedSerialQueue {
    /// Runs `work` after every earlier operation of `key` has finished or was
    /// cancelled. Cancel the returned operation to skip `work`.
    @discardableResult
    public func submit(
        key: Key, _ work: @escaping @Sendable () -> Void
    ) -> Operation {
        let operation = BlockOperation(block: work)
        // `self` is held until the operation has finished, so the table is
        // cleaned up even if its owner lets go of the queue first.
        operation.completionBlock = { [self, unowned operation] in
            finished(operation, key: key)
        }
        lock.withLock {
            for earlier in unfinished[key, default: []] {
                operation.addDependency(earlier)
            }
            unfinished[key, default: []].append(operation)
        }
        queue.addOperation(operation)
        return operation
    }

    /// Called on a global queue after `operation` has finished (or was
    /// cancelled and skipped).
    private func finished(_ operation: Operation, key: Key) {
        let isIdle = lock.withLock {
            unfinished[key]?.removeAll { $0 === operation }
            guard unfinished[key]?.isEmpty == true else { return false }
            unfinished[key] = nil
            return true
        }
        if isIdle { log("\(key): idle") }
    }

    /// How many keys have unfinished operations.
    public var activeKeyCount: Int { lock.withLock { unfinished.count } }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension KeyedSerialQueue where Key == String {
    /// Jobs a1 b1 a2 b2 a3 b3, each taking `work`; a2 is cancelled while a1
    /// runs. `completion` runs when both keys are idle.
    public static func runDemo(
        work: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let idle = DispatchGroup()
        idle.enter()
        idle.enter()
        let queue = KeyedSerialQueue(log: { line in
            log(line)
            if line.hasSuffix("idle") { idle.leave() }
        })
        let submitted = DispatchSemaphore(value: 0)
        var jobs: [String: Operation] = [:]
        for number in 1...3 {
            for key in ["a", "b"] {
                jobs["\(key)\(number)"] = queue.submit(key: key) {
                    log("\(key): job \(number) started")
                    if key == "a" && number == 1 { submitted.wait() }
                    Thread.sleep(forTimeInterval: work.seconds)
                    log("\(key): job \(number) finished")
                }
            }
        }
        jobs["a2"]?.cancel()
        log("job a2 cancelled")
        submitted.signal()
        idle.notify(queue: .global(), execute: completion)
    }

    /// Job a1 and job b1 wait for each other: they meet only if they run at
    /// the same time. Returns whether both met (a timeout is the safety net).
    public static func keysMeet(timeout: Duration) -> Bool {
        let queue = KeyedSerialQueue()
        let aArrived = DispatchSemaphore(value: 0)
        let bArrived = DispatchSemaphore(value: 0)
        let met = DispatchGroup()
        let meetings = MeetingCount()
        for key in ["a", "b"] {
            met.enter()
            queue.submit(key: key) {
                (key == "a" ? aArrived : bArrived).signal()
                let other = key == "a" ? bArrived : aArrived
                let deadline = DispatchTime.now() + timeout.seconds
                if other.wait(timeout: deadline) == .success {
                    meetings.increment()
                }
                met.leave()
            }
        }
        met.wait()
        return meetings.value == 2
    }
}

/// `@unchecked Sendable`: `count` is only touched while holding `lock`.
private final class MeetingCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
