import Foundation

/// Where each block runs, read off the dispatch call that sent it there.
///
/// In GCD code the call site says where a block runs: a plain call runs on
/// the caller's queue, `global().async` on a worker, `main.async` from main on
/// the main queue after the current block, and code that must touch the UI
/// hops with `main.async` from wherever it is. To log it, Apple platforms read
/// the current queue's label (`__dispatch_queue_get_label(nil)`, not exported
/// on Linux); a `DispatchSpecificKey` set on the queues you own works on both
/// and names the queue, whichever thread drains it.
public enum WhereItRuns {
    private static let nameKey: DispatchSpecificKey<String> = {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return key
    }()

    /// A serial queue that `place` names.
    public static func namedQueue(_ name: String) -> DispatchQueue {
        let queue = DispatchQueue(label: name)
        queue.setSpecific(key: nameKey, value: name)
        return queue
    }

    /// "main", a `namedQueue`'s name, or "background" for any other queue.
    public static var place: String {
        DispatchQueue.getSpecific(key: nameKey) ?? "background"
    }
}

// MARK: - Five calls, five places

extension WhereItRuns {
    /// A plain function runs on whatever queue calls it.
    public static func helper(log: @escaping @Sendable (String) -> Void) {
        log("helper: \(place)")
    }

    /// CPU work goes to a global queue.
    public static func crunch(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        DispatchQueue.global().async {
            log("crunch: \(place)")
            completion()
        }
    }

    /// From main, `main.async` runs after the caller's current block.
    public static func deferOnMain(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        DispatchQueue.main.async {
            log("deferred: \(place)")
            completion()
        }
    }

    /// Background work that ends in a UI update hops back by hand.
    public static func updateFromBackground(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        DispatchQueue.global().async {
            log("background work: \(place)")
            DispatchQueue.main.async {
                log("UI update: \(place)")
                completion()
            }
        }
    }

    /// Work that must start before the caller's next line is called inline.
    public static func startNow(log: @escaping @Sendable (String) -> Void) {
        log("started: \(place)")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension WhereItRuns {
    /// Runs the five calls in turn from the main queue, then `helper` on a
    /// serial queue. Call it on the main queue.
    public static func run(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(.main))
        log("caller: \(place)")
        helper(log: log)
        let database = namedQueue("Database")
        database.sync { helper(log: log) }
        crunch(log: log) {
            DispatchQueue.main.async {
                deferOnMain(log: log) {
                    updateFromBackground(log: log) {
                        startNow(log: log)
                        log("caller's next line")
                        completion()
                    }
                }
                log("caller's next line")
            }
        }
    }
}
