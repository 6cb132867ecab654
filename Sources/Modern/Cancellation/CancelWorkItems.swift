import Foundation

/// Cancel tasks before they start: each body checks `Task.isCancelled` first.
///
/// A cancelled task is not skipped: it still starts and runs its body, with
/// `Task.isCancelled` set, so the body checks it and returns before doing
/// anything. There is no group to balance: the caller awaits each task's
/// value, and a task that returned early counts as not added. The tasks are
/// made on the main actor, so none can start until this function suspends
/// (at its first `await`): the cancels come first, as they did on the
/// suspended queue. They are unstructured tasks, because only a `Task` handle
/// can be cancelled one by one (a task group cancels all its children or
/// none), so the caller's own cancellation does not reach them by itself:
/// `withTaskCancellationHandler` passes it on. A task that has started is
/// cancelled the same way: it goes on until it checks (see the last section).
public nonisolated enum CancelWorkItems {
    /// An async download: the data, or nil on failure. `@concurrent`: it runs
    /// off the main actor that the tasks calling it are isolated to.
    public typealias Download =
        @concurrent @Sendable (_ address: String) async -> Data?

    /// Each address three times; the tasks at `cancelling` (from the fourth
    /// on) are cancelled, and all of them if the caller is. Returns the number
    /// of photos added.
    @MainActor
    public static func downloadPhotos(
        addresses: [String],
        cancelling: Set<Int>,
        download: @escaping Download,
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let addresses = addresses + addresses + addresses
        let tasks = addresses.enumerated().map { index, address in
            Task {
                // A cancelled task still runs: leave before any work.
                guard !Task.isCancelled else { return false }
                let data = await download(address)
                // Cancelled during the download (the caller went away): a
                // download that ignored the cancel adds nothing.
                guard data != nil, !Task.isCancelled else { return false }
                log("photo \(index) added")
                return true
            }
        }
        for index in tasks.indices.dropFirst(3)
        where cancelling.contains(index) {
            tasks[index].cancel()  // none has started: the main actor is busy
        }
        return await withTaskCancellationHandler {
            var added = 0
            for task in tasks where await task.value {
                added += 1
            }
            return added
        } onCancel: {
            for task in tasks { task.cancel() }  // the caller was cancelled
        }
    }
}

// MARK: - A started item runs to its end unless it checks

nonisolated extension CancelWorkItems {
    /// Starts a task that works through `steps` steps. `cancel()` on it once
    /// it has started changes nothing unless `checksCancel` has it read
    /// `Task.isCancelled` before each step.
    @discardableResult
    public static func runSteps(
        _ steps: Int,
        checksCancel: Bool,
        step: @escaping @Sendable (Int) async -> Void,
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task {
            var done = 0
            while done < steps {
                if checksCancel && Task.isCancelled { break }
                done += 1
                await step(done)
            }
            log("work: \(done) of \(steps) steps")
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension CancelWorkItems {
    /// Runs `runSteps`, pauses it after step `pauseAfter` until it has been
    /// cancelled, and waits until it has finished.
    public static func cancelWhileRunning(
        _ steps: Int,
        pauseAfter: Int,
        checksCancel: Bool,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let reached = AsyncStream.makeStream(of: Void.self)
        let proceed = AsyncStream.makeStream(of: Void.self)
        // Awaiting another task's value ignores the waiter's cancellation.
        let proceedGate = Task { for await _ in proceed.stream { break } }
        let task = runSteps(
            steps, checksCancel: checksCancel,
            step: { step in
                guard step == pauseAfter else { return }
                reached.continuation.yield()
                await proceedGate.value
            },
            log: log)
        for await _ in reached.stream { break }
        log("cancel")
        task.cancel()
        proceed.continuation.finish()
        await task.value
    }
}
