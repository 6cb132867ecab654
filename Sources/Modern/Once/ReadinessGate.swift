/// Calls wait while an identity is set up, and every re-identify closes the
/// gate again: an actor that keeps a generation, the setup task of the
/// newest one, and one continuation per waiter.
///
/// The gate owns the setup task (a task group of the steps); the next
/// `reidentify` and `deinit` cancel it. A setup that ends for an older
/// generation is ignored, so a stale step never opens the gate for the new
/// identity. A waiter waits for the gate, not for a generation, and gets the
/// identity it runs as; the first failed step fails every waiter until the
/// next `reidentify`. A cancelled waiter withdraws its own entry, by its id.
public actor ReadinessGate {
    /// One setup step for an identity (fetch the config, load the cache,
    /// register the device). It should return soon after it is cancelled.
    public typealias Step = @Sendable (_ identity: String) async throws -> Void

    private enum State {
        case closed
        case open(identity: String)
        case failed(any Error)
    }

    private let steps: [Step]
    private let log: @Sendable (String) -> Void
    private var state = State.closed
    private var generation = 0
    private var setup: Task<Void, Never>?
    private var waiters: [Int: CheckedContinuation<String, any Error>] = [:]
    private var nextWaiter = 0

    /// A closed gate: calls wait until the first `reidentify` has finished.
    public init(
        steps: [Step], log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.steps = steps
        self.log = log
    }

    deinit { setup?.cancel() }

    /// Closes the gate and sets up `identity`: a new generation.
    public func reidentify(_ identity: String) {
        setup?.cancel()  // the old steps' results no longer matter
        generation += 1
        state = .closed
        let current = generation
        setup = Task { [weak self, steps] in
            let result: Result<String, any Error>
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for step in steps {
                        group.addTask { try await step(identity) }
                    }
                    // Throws at the first failure; the group then cancels
                    // the other steps and waits for them.
                    while try await group.next() != nil {}
                }
                result = .success(identity)
            } catch {
                result = .failure(error)
            }
            await self?.finish(current, with: result)
        }
    }
}

// MARK: - Opening: only for the newest generation

extension ReadinessGate {
    /// Generation `finished` has set up (or failed): opens (or fails) the
    /// gate and releases every waiter, unless a newer identify began.
    private func finish(_ finished: Int, with result: Result<String, any Error>)
    {
        guard finished == generation else {
            log("generation \(finished) ended late: ignored")
            return
        }
        setup = nil
        switch result {
        case .success(let identity):
            state = .open(identity: identity)
            log("generation \(finished) open for \(identity)")
        case .failure(let error):
            state = .failed(error)
            log("generation \(finished) failed: \(error)")
        }
        let released = waiters
        waiters = [:]
        for continuation in released.values {
            continuation.resume(with: result)
        }
    }
}

// MARK: - Waiting: one entry per call, withdrawn by its own id

extension ReadinessGate {
    /// Returns the identity the gate is open for, once it is; throws the
    /// error of a failed setup, or `CancellationError`.
    public func ready() async throws -> String {
        switch state {
        case .open(let identity): return identity
        case .failed(let error): throw error
        case .closed: break
        }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            // Runs on the cancelling thread: hop onto the actor. It gets
            // there after the continuation is stored (the actor is busy
            // until then), or after the gate released it (nothing to do).
            Task { await self.withdraw(id) }
        }
    }

    /// How many calls wait for the gate.
    public var waiting: Int { waiters.count }

    private func withdraw(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ReadinessGate {
    /// The error a driver's step fails with.
    public nonisolated struct StepFailed: Error, CustomStringConvertible {
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
    ) async {
        let rig = Rig(log: log)
        await rig.identify("user-a")
        let calls = await rig.call(1...3)
        await rig.end("user-a", Array(stepNames.prefix(2)))
        log("after 2 of 3 steps: \(await rig.gate.waiting) calls waiting")
        await rig.end("user-a", [stepNames[2]])
        await rig.report(calls)
    }

    /// Two calls wait for user-a; user-b is identified before user-a's
    /// steps end; user-a's late end is ignored, and user-b's releases them.
    public static func reidentifyWhileClosed(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let rig = Rig(log: log)
        await rig.identify("user-a")
        let calls = await rig.call(1...2)
        await rig.identify("user-b")
        await rig.end("user-a", stepNames)
        await rig.nextGateLine()  // "generation 1 ended late: ignored"
        log("after user-a's steps: \(await rig.gate.waiting) calls waiting")
        await rig.end("user-b", stepNames)
        await rig.report(calls)
    }

    /// A step of user-a fails: both waiting calls and a later one get the
    /// error; identifying user-a again opens the gate.
    public static func aStepFails(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let rig = Rig(log: log)
        await rig.identify("user-a")
        let calls = await rig.call(1...2)
        await rig.end(
            "user-a", [stepNames[0]],
            with: .failure(StepFailed(description: "config unavailable")))
        await rig.end("user-a", Array(stepNames.dropFirst()))
        await rig.report(calls)
        await rig.report(await rig.call(3...3, waits: false))
        await rig.identify("user-a")
        let retry = await rig.call(4...4)
        await rig.end("user-a", stepNames)
        await rig.report(retry)
    }

    /// Three calls wait; call 2 is cancelled and leaves at once; the others
    /// run when the gate opens.
    public static func aWaiterIsCancelled(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let rig = Rig(log: log)
        await rig.identify("user-a")
        let calls = await rig.call(1...3)
        calls[1].task.cancel()
        await rig.report([calls[1]])
        log("after the cancel: \(await rig.gate.waiting) calls waiting")
        await rig.end("user-a", stepNames)
        await rig.report([calls[0], calls[2]])
    }

    /// A gate whose steps wait until the driver ends them, and its calls.
    nonisolated struct Rig {
        typealias Call = (number: Int, task: Task<String, Never>)
        let gate: ReadinessGate
        let steps = HeldSteps()
        let log: @Sendable (String) -> Void
        let gateLines: AsyncStream<String>

        init(log: @escaping @Sendable (String) -> Void) {
            let (lines, line) = AsyncStream.makeStream(of: String.self)
            let steps = steps
            gate = ReadinessGate(
                steps: ReadinessGate.stepNames.map { name in
                    { identity in try await steps.run("\(identity): \(name)") }
                },
                log: {
                    log($0); line.yield($0)
                })
            self.log = log
            gateLines = lines
        }

        func identify(_ identity: String) async {
            log("identify \(identity)")
            await gate.reidentify(identity)
        }

        func nextGateLine() async {
            for await _ in gateLines { break }
        }

        /// Starts the calls and returns once all of them wait (unless
        /// `waits` is false: the gate answers them at once).
        func call(
            _ numbers: ClosedRange<Int>, waits: Bool = true
        ) async -> [Call] {
            let before = await gate.waiting
            let calls = numbers.map { number in
                (
                    number,
                    Task { [gate] in
                        do {
                            return "ran as \(try await gate.ready())"
                        } catch is CancellationError {
                            return "cancelled"
                        } catch {
                            return "failed: \(error)"
                        }
                    }
                )
            }
            while waits, await gate.waiting < before + numbers.count,
                !Task.isCancelled
            {
                await Task.yield()
            }
            return calls
        }

        func end(
            _ identity: String, _ names: [String],
            with result: Result<Void, any Error> = .success(())
        ) async {
            for name in names {
                await steps.end("\(identity): \(name)", result)
            }
        }

        /// Logs each call's outcome, in call order, once it has one.
        func report(_ calls: [Call]) async {
            for call in calls {
                log("call \(call.number): \(await call.task.value)")
            }
        }
    }

    /// Steps that wait, ignoring cancellation, until the driver ends them:
    /// a step whose callback comes when it comes.
    actor HeldSteps {
        private var held: [String: CheckedContinuation<Void, any Error>] = [:]
        private var ended: [String: Result<Void, any Error>] = [:]

        func run(_ key: String) async throws {
            if let result = ended.removeValue(forKey: key) {
                return try result.get()
            }
            try await withCheckedThrowingContinuation { held[key] = $0 }
        }

        func end(_ key: String, _ result: Result<Void, any Error>) {
            if let step = held.removeValue(forKey: key) {
                step.resume(with: result)
            } else {
                ended[key] = result
            }
        }
    }
}
