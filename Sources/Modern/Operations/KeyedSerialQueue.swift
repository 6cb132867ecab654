import Synchronization

/// Same key: one job at a time, in submission order; different keys: in
/// parallel. A `Mutex` keeps the last task of each key; a new task awaits it.
///
/// `submit` is synchronous, like the `OperationQueue` call it replaces: under
/// the lock it takes the key's last task and stores its own, so the order of
/// the calls is the order of the jobs, even from a delegate callback or a
/// button action that cannot `await`. (An actor method would need an `await`,
/// and a caller without one would write `Task { await queue.submit(…) }`:
/// those tasks reach the actor in any order.) Awaiting a task's value ignores
/// the waiter's cancellation, so a cancelled job still waits for its turn,
/// skips its work, and only then lets the next job of its key go: cancelling
/// one job never lets two of a key overlap. The task that is still the key's
/// last one when it ends removes the entry, so the table holds only busy
/// keys. Nothing is dropped: a slow job delays the later jobs of its key, and
/// the chain of waiting tasks grows. `work` is `@concurrent`, so jobs of
/// different keys really overlap.
public nonisolated final class KeyedSerialQueue<Key: Hashable & Sendable>:
    Sendable
{
    private struct State {
        var tails: [Key: (id: Int, task: Task<Void, Never>)] = [:]
        var submitted = 0
    }

    private let state = Mutex(State())
    private let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.log = log
    }
}

// MARK: - Submitting: await the last task of the key

nonisolated extension KeyedSerialQueue {
    /// Runs `work` after every earlier job of `key` has ended. Cancel the
    /// returned task to skip `work` (it still keeps its place in the chain).
    @discardableResult
    public func submit(
        key: Key, _ work: @escaping @Sendable @concurrent () async -> Void
    ) -> Task<Void, Never> {
        state.withLock { state in
            let previous = state.tails[key]?.task
            state.submitted += 1
            let id = state.submitted
            let task = Task {
                await previous?.value  // not cancellable: the chain holds
                if !Task.isCancelled { await work() }
                self.finished(key, id)
            }
            state.tails[key] = (id, task)
            return task
        }
    }

    /// Runs `work` in the caller's own task, in its turn, and returns when
    /// the job has ended. Cancelled before its turn, the caller skips the
    /// work (and keeps its place in the chain); cancelled while the work
    /// runs, the work sees `Task.isCancelled`. Its place in the order is
    /// taken when the call starts.
    ///
    /// The check is the caller's own `Task.isCancelled`, read after its turn
    /// came: no cancellation handler has to reach a job task in time.
    public func run(
        key: Key, _ work: @Sendable @concurrent () async -> Void
    ) async {
        let turn = takeTurn(key)
        await turn.previous?.value  // not cancellable: the chain holds
        if !Task.isCancelled { await work() }
        turn.done.finish()  // the next job of the key may start
        await turn.placeholder.value  // and the table is tidy
    }

    /// Makes the caller the key's tail: a placeholder task that ends when
    /// `done` finishes stands in the chain for the caller's job.
    private func takeTurn(_ key: Key) -> Turn {
        let (ended, done) = AsyncStream.makeStream(of: Never.self)
        return state.withLock { state in
            let previous = state.tails[key]?.task
            state.submitted += 1
            let id = state.submitted
            let placeholder = Task {
                for await _ in ended {}
                self.finished(key, id)
            }
            state.tails[key] = (id, placeholder)
            return Turn(
                previous: previous, done: done, placeholder: placeholder)
        }
    }

    private struct Turn: Sendable {
        let previous: Task<Void, Never>?
        let done: AsyncStream<Never>.Continuation
        let placeholder: Task<Void, Never>
    }

    private func finished(_ key: Key, _ id: Int) {
        let isIdle = state.withLock { state in
            // A later job is queued when the tail is not this one.
            guard state.tails[key]?.id == id else { return false }
            state.tails[key] = nil
            return true
        }
        if isIdle { log("\(key): idle") }
    }

    /// How many keys have a job that hasn't ended.
    public var activeKeyCount: Int { state.withLock { $0.tails.count } }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension KeyedSerialQueue where Key == String {
    /// Jobs a1 b1 a2 b2 a3 b3, each taking `work`; a2 is cancelled while a1
    /// runs. Returns when both keys are idle.
    public static func runDemo(
        work: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let queue = KeyedSerialQueue(log: log)
        let submitted = AsyncStream.makeStream(of: Never.self)
        var jobs: [String: Task<Void, Never>] = [:]
        for number in 1...3 {
            for key in ["a", "b"] {
                jobs["\(key)\(number)"] = queue.submit(key: key) {
                    log("\(key): job \(number) started")
                    if key == "a" && number == 1 {
                        for await _ in submitted.stream {}
                    }
                    try? await Task.sleep(for: work)
                    log("\(key): job \(number) finished")
                }
            }
        }
        jobs["a2"]?.cancel()
        log("job a2 cancelled")
        submitted.continuation.finish()
        for job in jobs.values { await job.value }
    }

    /// Job a1 and job b1 wait for each other: they meet only if they run at
    /// the same time.
    public static func keysMeet() async -> Bool {
        let queue = KeyedSerialQueue()
        let a = AsyncStream.makeStream(of: Never.self)
        let b = AsyncStream.makeStream(of: Never.self)
        let jobA = queue.submit(key: "a") {
            a.continuation.finish()
            for await _ in b.stream {}
        }
        let jobB = queue.submit(key: "b") {
            b.continuation.finish()
            for await _ in a.stream {}
        }
        await jobA.value
        await jobB.value
        return true
    }
}
