import Foundation

/// Calls wait while an identity is set up, and every re-identify closes the
/// gate again: a `DispatchGroup` per identify, a generation counter under a
/// lock, and a list of pending blocks flushed on the SDK's queue.
///
/// Each step enters the group and leaves when it calls back. The group's
/// `notify` checks the generation first, so a stale step never opens the
/// gate for the new identity; otherwise it opens (or fails) the gate and
/// runs the pending blocks on the SDK's serial queue, in submission order,
/// with the identity they run as. A block can be withdrawn by its token.
/// Nothing cancels an old identity's steps: they run on and are ignored.
public final class ReadinessGate: @unchecked Sendable {
    /// One setup step: starts work for `identity`, calls `done` once.
    public typealias Step =
        @Sendable (
            _ identity: String,
            _ done: @escaping @Sendable ((any Error)?) -> Void
        ) -> Void
    private enum State {
        case closed
        case open(identity: String)
        case failed(any Error)
    }

    // `@unchecked Sendable`: the variables below are only touched holding
    // `lock`.
    private let lock = NSLock()
    private var state = State.closed
    private var generation = 0
    private var stepError: (any Error)?
    private var pending: [(token: Int, block: Block)] = []
    private var lastToken = 0

    private let steps: [Step]
    private let queue: DispatchQueue
    private let log: @Sendable (String) -> Void

    /// A closed gate: blocks wait until the first `reidentify` has finished.
    /// Blocks run on `queue`, in the order they were submitted.
    public init(
        steps: [Step],
        queue: DispatchQueue = DispatchQueue(label: "com.example.sdk"),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.steps = steps
        self.queue = queue
        self.log = log
    }

    /// Closes the gate and sets up `identity`: a new generation.
    public func reidentify(_ identity: String) {
        let current = lock.withLock { () -> Int in
            generation += 1
            state = .closed
            stepError = nil
            return generation
        }
        let group = DispatchGroup()
        for step in steps {
            group.enter()
            step(identity) { [self] error in
                if let error {
                    lock.withLock {
                        // Only this generation's first error counts.
                        if generation == current && stepError == nil {
                            stepError = error
                        }
                    }
                }
                group.leave()
            }
        }
        group.notify(queue: queue) { [self] in
            finish(current, identity: identity)
        }
    }
}

// MARK: - Opening: only for the newest generation

extension ReadinessGate {
    /// Generation `finished` has set up (or failed): opens (or fails) the
    /// gate and runs every pending block, unless a newer identify began.
    /// On `queue`, when every step of that generation has called back.
    private func finish(_ finished: Int, identity: String) {
        lock.lock()
        guard finished == generation else {
            lock.unlock()
            log("generation \(finished) ended late: ignored")
            return
        }
        let result: Result<String, any Error>
        if let stepError {
            result = .failure(stepError)
            state = .failed(stepError)
        } else {
            result = .success(identity)
            state = .open(identity: identity)
        }
        let released = pending
        pending = []
        lock.unlock()
        switch result {
        case .success: log("generation \(finished) open for \(identity)")
        case .failure(let error):
            log("generation \(finished) failed: \(error)")
        }
        for waiter in released { waiter.block(result) }  // in order
    }
}

// MARK: - Waiting: one entry per call, withdrawn by its own id

extension ReadinessGate {
    /// A pending block: the identity the gate opened for, or the error.
    public typealias Block = @Sendable (Result<String, any Error>) -> Void

    /// What a withdrawn block is called with.
    public struct Cancelled: Error {}

    /// Runs `block` on the SDK's queue once the gate is open (or failed);
    /// returns a token for `cancelWaiting`.
    @discardableResult
    public func whenReady(_ block: @escaping Block) -> Int {
        let (token, now) = lock.withLock {
            () -> (Int, Result<String, any Error>?) in
            lastToken += 1
            switch state {
            case .open(let identity): return (lastToken, .success(identity))
            case .failed(let error): return (lastToken, .failure(error))
            case .closed:
                pending.append((lastToken, block))
                return (lastToken, nil)
            }
        }
        if let now { queue.async { block(now) } }
        return token
    }

    /// Withdraws the block of `token` if it still waits: it is called once,
    /// with `Cancelled`, and no other block is touched.
    public func cancelWaiting(_ token: Int) {
        let block = lock.withLock { () -> Block? in
            guard let index = pending.firstIndex(where: { $0.token == token })
            else { return nil }  // already run, or already withdrawn
            return pending.remove(at: index).block
        }
        if let block { queue.async { block(.failure(Cancelled())) } }
    }

    /// How many blocks wait for the gate.
    public var waiting: Int { lock.withLock { pending.count } }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ReadinessGate {
    /// The error a driver's step fails with.
    public struct StepFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The steps an SDK runs per identity, in the order the drivers end them.
    public static let stepNames = [
        "fetch config", "load cache", "register device",
    ]

    /// Identify user-a with three calls waiting; after two of the three
    /// steps the gate is still closed; after the third the calls run.
    public static func openAfterEveryStep(
        log: @escaping @Sendable (String) -> Void
    ) {
        let rig = Rig(log: log)
        rig.identify("user-a")
        let calls = rig.call(1...3)
        rig.end("user-a", Array(stepNames.prefix(2)))
        log("after 2 of 3 steps: \(rig.gate.waiting) calls waiting")
        rig.end("user-a", [stepNames[2]])
        rig.report(calls)
    }

    /// Two calls wait for user-a; user-b is identified before user-a's
    /// steps end; user-a's late end is ignored, and user-b's releases them.
    public static func reidentifyWhileClosed(
        log: @escaping @Sendable (String) -> Void
    ) {
        let rig = Rig(log: log)
        rig.identify("user-a")
        let calls = rig.call(1...2)
        rig.identify("user-b")
        rig.end("user-a", stepNames)
        rig.gateLine.wait()  // "generation 1 ended late: ignored"
        log("after user-a's steps: \(rig.gate.waiting) calls waiting")
        rig.end("user-b", stepNames)
        rig.report(calls)
    }

    /// A step of user-a fails: both waiting calls and a later one get the
    /// error; identifying user-a again opens the gate.
    public static func aStepFails(log: @escaping @Sendable (String) -> Void) {
        let rig = Rig(log: log)
        rig.identify("user-a")
        let calls = rig.call(1...2)
        rig.end(
            "user-a", [stepNames[0]],
            with: StepFailed(description: "config unavailable"))
        rig.end("user-a", Array(stepNames.dropFirst()))
        rig.report(calls)
        rig.report(rig.call(3...3))
        rig.identify("user-a")
        let retry = rig.call(4...4)
        rig.end("user-a", stepNames)
        rig.report(retry)
    }

    /// Three calls wait; call 2 is withdrawn and hears at once; the others
    /// run when the gate opens.
    public static func aWaiterIsCancelled(
        log: @escaping @Sendable (String) -> Void
    ) {
        let rig = Rig(log: log)
        rig.identify("user-a")
        let calls = rig.call(1...3)
        rig.gate.cancelWaiting(calls[1].token)
        rig.report([calls[1]])
        log("after the cancel: \(rig.gate.waiting) calls waiting")
        rig.end("user-a", stepNames)
        rig.report([calls[0], calls[2]])
    }

    /// A gate whose steps wait until the driver ends them, and its calls.
    final class Rig: Sendable {
        let gate: ReadinessGate
        let steps = HeldSteps()
        let log: @Sendable (String) -> Void
        let gateLine = DispatchSemaphore(value: 0)

        init(log: @escaping @Sendable (String) -> Void) {
            let steps = steps
            let gateLine = gateLine
            gate = ReadinessGate(
                steps: ReadinessGate.stepNames.map { name in
                    { identity, done in
                        steps.run("\(identity): \(name)", done: done)
                    }
                },
                log: {
                    log($0)
                    gateLine.signal()
                })
            self.log = log
        }

        func identify(_ identity: String) {
            log("identify \(identity)")
            gate.reidentify(identity)
        }

        /// Submits the calls' blocks; each outcome is read by `report`.
        func call(
            _ numbers: ClosedRange<Int>
        ) -> [(number: Int, token: Int, outcome: Outcome)] {
            numbers.map { number in
                let outcome = Outcome()
                let token = gate.whenReady { result in
                    switch result {
                    case .success(let identity):
                        outcome.set("ran as \(identity)")
                    case .failure(let error) where error is Cancelled:
                        outcome.set("cancelled")
                    case .failure(let error):
                        outcome.set("failed: \(error)")
                    }
                }
                return (number, token, outcome)
            }
        }

        func end(
            _ identity: String, _ names: [String],
            with error: (any Error)? = nil
        ) {
            for name in names { steps.end("\(identity): \(name)", error) }
        }

        /// Logs each call's outcome, in call order, once it has one.
        func report(_ calls: [(number: Int, token: Int, outcome: Outcome)]) {
            for call in calls {
                log("call \(call.number): \(call.outcome.get())")
            }
        }
    }

    /// A call's outcome, set once by its block, read by the driver.
    final class Outcome: @unchecked Sendable {
        // `@unchecked Sendable`: `value` is written before `done` is
        // signalled and read after it is waited for.
        private let done = DispatchSemaphore(value: 0)
        private var value = ""
        func set(_ outcome: String) {
            value = outcome
            done.signal()
        }
        func get() -> String {
            done.wait()
            done.signal()  // later reads return at once
            return value
        }
    }

    /// Steps that wait until the driver ends them: the callback comes when
    /// it comes.
    final class HeldSteps: @unchecked Sendable {
        // `@unchecked Sendable`: both tables are only touched holding `lock`.
        private let lock = NSLock()
        private var held: [String: @Sendable ((any Error)?) -> Void] = [:]
        private var ended: [String: (any Error)?] = [:]

        func run(
            _ key: String, done: @escaping @Sendable ((any Error)?) -> Void
        ) {
            let result = lock.withLock { () -> (any Error)?? in
                if let result = ended.removeValue(forKey: key) {
                    return .some(result)
                }
                held[key] = done
                return .none
            }
            if case .some(let error) = result { done(error) }
        }

        func end(_ key: String, _ error: (any Error)?) {
            let done = lock.withLock {
                () -> (@Sendable ((any Error)?) -> Void)? in
                guard let done = held.removeValue(forKey: key) else {
                    ended[key] = .some(error)
                    return nil
                }
                return done
            }
            done?(error)
        }
    }
}
