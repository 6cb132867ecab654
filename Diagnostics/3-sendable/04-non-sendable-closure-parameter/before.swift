// Check: swift6 rejects
import Dispatch

/// A wrapper around a private queue, from before Swift concurrency.
final class Worker: Sendable {
    private let queue = DispatchQueue(label: "worker")

    func submit(_ job: @escaping () -> Void) {
    // expected-note@-1 {{parameter 'job' is implicitly non-Sendable}}
        queue.async(execute: job)
        // expected-error@-1 {{passing non-Sendable parameter 'job' to function expecting a '@Sendable' closure}}
    }

    func submitLater(_ job: @escaping () -> Void) {
    // expected-note@-1 {{parameter 'job' is implicitly non-Sendable}}
        let later: @Sendable () -> Void = job
        // expected-error@-1 {{using non-Sendable parameter 'job' in a context expecting a '@Sendable' closure}}
        queue.async(execute: later)
    }
}
