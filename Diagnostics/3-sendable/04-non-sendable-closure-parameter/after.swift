import Dispatch

/// Say what the queue needs: jobs that may run on another thread.
nonisolated final class Worker: Sendable {
    private let queue = DispatchQueue(label: "worker")

    func submit(_ job: @escaping @Sendable () -> Void) {
        queue.async(execute: job)
    }
}
