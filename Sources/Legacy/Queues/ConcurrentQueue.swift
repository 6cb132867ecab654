import Foundation

/// Jobs on a concurrent queue start in submission order and finish in any
/// order.
///
/// A concurrent queue hands each block to a worker thread as soon as it can,
/// without waiting for the previous one to finish, so several blocks run at
/// once and complete in whatever order they happen to end. How many run at once
/// is up to GCD (on a 2-core machine, usually 2). A `DispatchGroup` tells you
/// when all of them are done.
public enum ConcurrentQueue {
    /// Runs `count` independent jobs on a private concurrent queue;
    /// `completion` runs once all of them have finished. The "Job N finished"
    /// lines arrive in any order.
    public static func runJobs(
        count: Int,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let queue = DispatchQueue(
            label: "com.raywenderlich.GooglyPuff.jobs", attributes: .concurrent)
        let group = DispatchGroup()
        for job in 0..<count {
            queue.async(group: group) {
                log("Job \(job) finished")
            }
        }
        group.notify(queue: .global(), execute: completion)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ConcurrentQueue {
    /// Proves that two jobs on the queue really overlap: job A blocks until job
    /// B signals, which can only happen if the queue runs B while A is still
    /// running. Reports `true` when the signal came, `false` when `timeout`
    /// passed first.
    public static func rendezvous(
        timeout: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        let queue = DispatchQueue(
            label: "com.raywenderlich.GooglyPuff.rendezvous",
            attributes: .concurrent)
        let signalFromB = DispatchSemaphore(value: 0)
        // Job A: holds its worker thread until B signals or the timeout passes.
        queue.async {
            let deadline =
                DispatchTime.now()
                + .nanoseconds(Int(timeout / .nanoseconds(1)))
            let met = signalFromB.wait(timeout: deadline) == .success
            log(
                met
                    ? "job A: got the signal while still in progress"
                    : "job A: timed out")
            completion(met)
        }
        // Job B: on a serial queue this would wait behind A and never run in
        // time.
        queue.async {
            log("job B: sending the signal")
            signalFromB.signal()
        }
    }
}
