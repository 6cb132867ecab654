import Foundation

/// The error the failing item throws.
public enum WorkError: Error, Equatable {
    case bad(Int)
}

/// A thread whose entry point catches every error and hands it to its creator.
///
/// A thread's block can't throw, and nothing waits for a thread to hand an
/// error to. So the entry point is the last place an error can be caught: the
/// classic thread installs a final `@try`/`@catch` there, and in Swift it is a
/// `do`/`catch` around all the work that forwards a `Result` to a completion
/// handler, exactly once. Without it, throwing code can only be called with
/// `try!`, and a failure takes the whole process down. (Objective-C exceptions
/// don't exist in Swift; a Swift trap can't be caught at all.)
public enum ThreadErrorBoundary {
    /// Processes `items` in order on a new thread. `completion` runs once, on
    /// that thread: `.success` with every result, or `.failure` with the first
    /// error (the items after it are not processed).
    public static func start(
        items: [Int],
        work: @escaping @Sendable (Int) throws -> Int,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (Result<[Int], Error>) -> Void
    ) {
        let thread = Thread {
            // The boundary: every error stops here.
            do {
                var results: [Int] = []
                for item in items {
                    let result = try work(item)
                    log("item \(item) → \(result)")
                    results.append(result)
                }
                completion(.success(results))
            } catch {
                completion(.failure(error))
            }
        }
        thread.start()
    }
}

// MARK: - Fan-out: one thread per item, each with its own boundary

extension ThreadErrorBoundary {
    /// Where the threads put their results; guarded by `lock`.
    final class Collector: @unchecked Sendable {
        let lock = NSLock()
        var results: [Int: Int] = [:]
        var firstError: Error?
    }

    /// Runs every item on a thread of its own and blocks until all are done.
    /// Returns the results in item order, or the first error. Nothing can
    /// stop the other threads once one has failed: the caller waits for them.
    public static func fanOut(
        items: [Int],
        work: @escaping @Sendable (Int) throws -> Int,
        log: @escaping @Sendable (String) -> Void
    ) -> Result<[Int], Error> {
        let collector = Collector()
        let group = DispatchGroup()
        for item in items {
            group.enter()
            Thread {
                defer { group.leave() }  // the last thing the thread does
                do {
                    let result = try work(item)
                    log("item \(item) → \(result)")
                    collector.lock.withLock { collector.results[item] = result }
                } catch {
                    collector.lock.withLock {
                        if collector.firstError == nil {
                            collector.firstError = error
                        }
                    }
                }
            }.start()
        }
        group.wait()
        return collector.lock.withLock {
            if let error = collector.firstError { return .failure(error) }
            return .success(items.map { collector.results[$0]! })
        }
    }
}

// MARK: - What not to do: no boundary, and the process dies (child process)

extension ThreadErrorBoundary {
    /// A thread that calls throwing code without catching: `try!` is the only
    /// way to write it, and a failure traps, taking the process down.
    public static func startWithoutBoundary(
        work: @escaping @Sendable () throws -> Void
    ) {
        Thread { try! work() }.start()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ThreadErrorBoundary {
    /// Items 1…5 on one thread, item `failing` throws; blocks until the
    /// completion has run, and logs what it got.
    public static func runOneThread(
        failing: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let done = DispatchSemaphore(value: 0)
        start(
            items: Array(1...5),
            work: { item in
                if item == failing { throw WorkError.bad(item) }
                return item * 10
            }, log: log
        ) { result in
            report(result, log: log)
            done.signal()  // the last thing the thread does
        }
        done.wait()
    }

    /// Items 1…5 on five threads: item `failing` throws at once, the others
    /// take `slow` and can't be stopped.
    public static func runFanOut(
        failing: Int, slow: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let seconds =
            Double(slow.components.seconds)
            + Double(slow.components.attoseconds) / 1e18
        let result = fanOut(
            items: Array(1...5),
            work: { item in
                if item == failing { throw WorkError.bad(item) }
                Thread.sleep(forTimeInterval: seconds)
                return item * 10
            }, log: log)
        report(result, log: log)
    }

    /// Item `failing` throws on a thread without a boundary: the process
    /// traps. Never returns.
    public static func runWithoutBoundary(
        failing: Int, log: @escaping @Sendable (String) -> Void
    ) -> Never {
        startWithoutBoundary {
            log("item \(failing) throws \(WorkError.bad(failing))")
            throw WorkError.bad(failing)
        }
        DispatchSemaphore(value: 0).wait()  // the trap ends the process first
        fatalError("unreachable")
    }

    static func report(
        _ result: Result<[Int], Error>, log: @Sendable (String) -> Void
    ) {
        switch result {
        case .success(let results): log("results: \(results)")
        case .failure(let error): log("failed: \(error)")
        }
    }
}
