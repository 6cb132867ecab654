import Foundation

/// `sync` runs the block before the caller's next line; `async` returns at once
/// and runs it later.
///
/// The two classic `viewDidLoad`s send "First Log" to a global queue and log
/// "Second Log" themselves. With `sync` the caller blocks until the block has
/// run, so the order is fixed. With `async` the caller moves straight on and
/// the two lines race: "Second Log" usually wins, but nothing guarantees it.
/// Only a queue that cannot run the block yet (a suspended queue, or the main
/// queue while main-queue code is still running) makes "Second Log" certain to
/// come first.
public enum SubmissionOrder {
    /// `sync`: the caller waits for the block, so "First Log" always comes
    /// first.
    public static func logSync(log: @escaping @Sendable (String) -> Void) {
        DispatchQueue.global(qos: .userInteractive).sync {
            log("First Log")
        }
        log("Second Log")
    }

    /// `async`: returns at once, and "First Log" runs on `queue` whenever the
    /// queue gets to it.
    ///
    /// `completion` runs once the block has run. A test passes a suspended
    /// queue to hold the block back until "Second Log" has been logged.
    public static func logAsync(
        on queue: DispatchQueue = .global(qos: .userInteractive),
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        queue.async(group: group) {
            log("First Log")
        }
        log("Second Log")
        group.notify(queue: .global(), execute: completion)
    }

    /// `async` to the main queue from main-queue code: the block runs after the
    /// current one returns.
    ///
    /// The main queue is serial and busy with the caller, so the order is
    /// certain: "Second Log", then "First Log". Call it on the main queue.
    public static func logAsyncOnMain(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(.main))
        DispatchQueue.main.async {
            log("First Log")
            completion()
        }
        log("Second Log")
    }
}
