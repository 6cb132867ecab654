import Foundation

/// Two serial queues run concurrently with each other: serialization is per
/// queue.
///
/// Each serial queue runs one block at a time, but nothing orders blocks on
/// *different* queues. Here the job on queue 1 blocks its queue while it waits
/// for a signal, and the job on queue 2 still runs and sends it. Were the two
/// queues one, the signal would wait behind the waiter and the wait would time
/// out.
public enum IndependentQueues {
    /// Queue 1 waits (at most `timeout`) for a signal that queue 2 sends;
    /// `completion` gets the waiting job's result: `got signal` or `timed out`.
    public static func signalAcrossQueues(
        timeout: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (String) -> Void
    ) {
        let queue1 = DispatchQueue(label: "queue 1")
        let queue2 = DispatchQueue(label: "queue 2")
        signal(
            from: queue2, to: queue1, timeout: timeout, log: log,
            completion: completion)
    }

    /// A job on `waiter` waits (at most `timeout`) for a signal sent by a job
    /// on `sender`. Pass the same serial queue twice and the sending job waits
    /// behind the waiting one: the result is `timed out`.
    public static func signal(
        from sender: DispatchQueue,
        to waiter: DispatchQueue,
        timeout: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (String) -> Void
    ) {
        let signal = DispatchSemaphore(value: 0)
        waiter.async {
            let deadline =
                DispatchTime.now()
                + .nanoseconds(Int(timeout / .nanoseconds(1)))
            let result =
                signal.wait(timeout: deadline) == .success
                ? "got signal" : "timed out"
            log("\(waiter.label): \(result)")
            completion(result)
        }
        sender.async {
            log("\(sender.label): sending signal")
            signal.signal()
        }
    }
}
