import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReadinessGateTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let names = ["fetch config", "load cache", "register device"]

    /// Setup steps that wait, ignoring cancellation, until the test ends them (a callback that comes
    /// when it comes), keyed "identity: name".
    final class Steps: Sendable {
        enum Held {
            case callback(@Sendable ((any Error)?) -> Void)
            case continuation(CheckedContinuation<Void, any Error>)

            func resume(_ error: (any Error)?) {
                switch self {
                case .callback(let done): done(error)
                case .continuation(let continuation):
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
        }
        private let table = Locked((held: [String: Held](), ended: [String: (any Error)?]()))

        var legacy: [Legacy.ReadinessGate.Step] {
            ReadinessGateTests.names.map { name in
                { identity, done in self.arrive("\(identity): \(name)", .callback(done)) }
            }
        }

        var modern: [Modern.ReadinessGate.Step] {
            ReadinessGateTests.names.map { name in
                { identity in
                    try await withCheckedThrowingContinuation { self.arrive("\(identity): \(name)", .continuation($0)) }
                }
            }
        }

        private func arrive(_ key: String, _ held: Held) {
            let ended = table.withLock { table -> (any Error)?? in
                if let error = table.ended.removeValue(forKey: key) { return .some(error) }
                table.held[key] = held
                return .none
            }
            if case .some(let error) = ended { held.resume(error) }
        }

        /// Ends the steps of `identity` named `names` (all by default), with `error` or successfully.
        func end(_ identity: String, _ names: [String] = ReadinessGateTests.names, with error: (any Error)? = nil) {
            for name in names {
                let key = "\(identity): \(name)"
                let held = table.withLock { table -> Held? in
                    guard let held = table.held.removeValue(forKey: key) else {
                        table.ended[key] = .some(error)
                        return nil
                    }
                    return held
                }
                held?.resume(error)
            }
        }
    }

    /// One side's gate, its log lines, and every outcome each numbered call heard.
    final class Gate: Sendable {
        let side: Side
        let steps: Steps
        let lines: Locked<[String]>
        let outcomes = Locked([Int: [String]]())
        private let legacy: Legacy.ReadinessGate?
        private let modern: Modern.ReadinessGate?
        private let tokens = Locked([Int: Int]())
        private let tasks = Locked([Int: Task<Void, Never>]())

        init(_ side: Side, queue: DispatchQueue = DispatchQueue(label: "sdk")) {
            self.side = side
            let lines = Locked([String]())
            self.lines = lines
            let steps = Steps()
            self.steps = steps
            let log: @Sendable (String) -> Void = { line in lines.withLock { $0.append(line) } }
            switch side {
            case .legacy:
                legacy = Legacy.ReadinessGate(steps: steps.legacy, queue: queue, log: log)
                modern = nil
            case .modern:
                legacy = nil
                modern = Modern.ReadinessGate(steps: steps.modern, log: log)
            }
        }

        func reidentify(_ identity: String) async {
            if let legacy { legacy.reidentify(identity) }
            if let modern { await modern.reidentify(identity) }
        }

        func waiting() async -> Int {
            if let legacy { return legacy.waiting }
            return await modern!.waiting
        }

        private func record(_ number: Int, _ outcome: String) {
            outcomes.withLock { $0[number, default: []].append(outcome) }
        }

        /// Starts call `number`; returns once it waits (or has heard, if the gate is not closed).
        func call(_ number: Int, waits: Bool = true) async throws {
            let before = await waiting()
            if let legacy {
                let token = legacy.whenReady { result in
                    switch result {
                    case .success(let identity): self.record(number, identity)
                    case .failure(let error) where error is Legacy.ReadinessGate.Cancelled:
                        self.record(number, "cancelled")
                    case .failure(let error): self.record(number, "failed: \(error)")
                    }
                }
                tokens.withLock { $0[number] = token }
            }
            if let modern {
                let task = Task {
                    do {
                        record(number, try await modern.ready())
                    } catch is CancellationError {
                        record(number, "cancelled")
                    } catch {
                        record(number, "failed: \(error)")
                    }
                }
                tasks.withLock { $0[number] = task }
            }
            if waits {
                try await eventually("call \(number) waits") { await waiting() == before + 1 }
            } else {
                try await eventually("call \(number) has heard") { outcome(number) != nil }
            }
        }

        /// Cancels call `number`: its task (modern) or its token (legacy).
        func cancel(_ number: Int) {
            if let legacy, let token = tokens.withLock({ $0[number] }) { legacy.cancelWaiting(token) }
            tasks.withLock { $0[number] }?.cancel()
        }

        /// Every outcome call `number` heard; nil while it has heard none.
        func outcome(_ number: Int) -> [String]? { outcomes.withLock { $0[number] } }

        func heard(_ number: Int) async throws -> [String] {
            try await eventually("call \(number) has heard") { outcome(number) != nil }
            return outcome(number)!
        }
    }

    @Test(arguments: Side.allCases)
    func opensOnlyAfterEveryStep(_ side: Side) async throws {
        let gate = Gate(side)
        await gate.reidentify("user-a")
        try await gate.call(1)
        gate.steps.end("user-a", Array(Self.names.prefix(2)))
        #expect(await gate.waiting() == 1)
        #expect(gate.outcome(1) == nil)
        gate.steps.end("user-a", [Self.names[2]])
        #expect(try await gate.heard(1) == ["user-a"])
        // Open now: a call hears at once.
        try await gate.call(2, waits: false)
        #expect(gate.outcome(2) == ["user-a"])
        #expect(gate.lines.withLock { $0 } == ["generation 1 open for user-a"])
    }

    /// A stale generation's end, successful or failed, changes nothing: the gate stays closed for the
    /// new identity, and the call that came during generation 1 is released by generation 2, as user-b.
    @Test(arguments: Side.allCases, [false, true])
    func aStaleStepCannotOpenTheNewGeneration(_ side: Side, staleEndFails: Bool) async throws {
        let gate = Gate(side)
        await gate.reidentify("user-a")
        try await gate.call(1)
        await gate.reidentify("user-b")
        gate.steps.end("user-a", with: staleEndFails ? Failure(description: "late") : nil)
        try await eventually("generation 1 has ended") { !gate.lines.withLock { $0 }.isEmpty }
        #expect(gate.lines.withLock { $0 } == ["generation 1 ended late: ignored"])
        #expect(await gate.waiting() == 1)
        #expect(gate.outcome(1) == nil)
        gate.steps.end("user-b")
        #expect(try await gate.heard(1) == ["user-b"])
        #expect(gate.lines.withLock { $0 }.last == "generation 2 open for user-b")
    }

    /// A failed step fails every waiting call, and calls made while the gate stays failed; the next
    /// re-identify starts afresh and can succeed.
    @Test(arguments: Side.allCases)
    func aFailedStepFailsEveryWaiterUntilTheNextIdentify(_ side: Side) async throws {
        let gate = Gate(side)
        await gate.reidentify("user-a")
        try await gate.call(1)
        try await gate.call(2)
        gate.steps.end("user-a", [Self.names[1]], with: Failure(description: "cache corrupt"))
        gate.steps.end("user-a", [Self.names[0], Self.names[2]])
        #expect(try await gate.heard(1) == ["failed: cache corrupt"])
        #expect(try await gate.heard(2) == ["failed: cache corrupt"])
        try await gate.call(3, waits: false)
        #expect(gate.outcome(3) == ["failed: cache corrupt"])
        await gate.reidentify("user-a")
        try await gate.call(4)
        gate.steps.end("user-a")
        #expect(try await gate.heard(4) == ["user-a"])
    }

    /// Identity: a cancelled call hears `CancellationError` (legacy: `Cancelled`) once, at once,
    /// and no other call hears anything from it; the others are released when the gate opens, once
    /// each. Cancelling it again, or after the gate opened, changes nothing.
    @Test(arguments: Side.allCases)
    func aCancelledWaiterIsResumedOnceAndAlone(_ side: Side) async throws {
        let gate = Gate(side)
        await gate.reidentify("user-a")
        for number in 1...5 { try await gate.call(number) }
        gate.cancel(3)
        #expect(try await gate.heard(3) == ["cancelled"])
        try await eventually("the cancelled call has left") { await gate.waiting() == 4 }
        gate.cancel(3)
        #expect(gate.outcomes.withLock { $0 }.keys.sorted() == [3])
        gate.steps.end("user-a")
        for number in [1, 2, 4, 5] { #expect(try await gate.heard(number) == ["user-a"]) }
        gate.cancel(1)
        #expect(await gate.waiting() == 0)
        let outcomes = gate.outcomes.withLock { $0 }
        #expect(outcomes == [1: ["user-a"], 2: ["user-a"], 3: ["cancelled"], 4: ["user-a"], 5: ["user-a"]])
    }

    /// Many waiters, every other one cancelled while the steps end: each call hears exactly once,
    /// the cancelled ones `cancelled` or (cancelled too late) the identity, the others the identity.
    @Test func modernCancellationsRacingTheOpeningResumeEachWaiterOnce() async throws {
        for _ in 0..<20 {
            let gate = Gate(.modern)
            await gate.reidentify("user-a")
            for number in 0..<20 { try await gate.call(number) }
            await withDiscardingTaskGroup { group in
                group.addTask { gate.steps.end("user-a") }
                for number in stride(from: 0, to: 20, by: 2) { group.addTask { gate.cancel(number) } }
            }
            for number in 0..<20 {
                let heard = try await gate.heard(number)
                #expect(heard.count == 1)
                #expect(heard == ["user-a"] || (number.isMultiple(of: 2) && heard == ["cancelled"]))
            }
            #expect(await gate.waiting() == 0)
        }
    }

    /// A call whose task is cancelled before it waits hears `CancellationError` at once and leaves
    /// nothing behind.
    @Test func modernCallCancelledBeforeItWaitsLeavesAtOnce() async throws {
        let early = Modern.ReadinessGate(steps: [{ _ in try await Task.sleep(for: .seconds(3600)) }])
        await early.reidentify("user-a")
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await early.ready()
        }
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(await early.waiting == 0)
    }

    /// Declared difference: the legacy gate runs the held blocks on the SDK's queue, in the order
    /// they were submitted. The modern waiters resume in no promised order.
    @Test func legacyRunsHeldBlocksInSubmissionOrderOnItsQueue() async throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "sdk")
        queue.setSpecific(key: key, value: "sdk")
        let steps = Steps()
        let gate = Legacy.ReadinessGate(steps: steps.legacy, queue: queue)
        gate.reidentify("user-a")
        let ran = Locked([(Int, String?)]())
        for number in 0..<50 {
            gate.whenReady { _ in ran.withLock { $0.append((number, DispatchQueue.getSpecific(key: key))) } }
        }
        steps.end("user-a")
        try await eventually("every block ran") { ran.withLock { $0.count } == 50 }
        let order = ran.withLock { $0 }
        #expect(order.map(\.0) == Array(0..<50))
        #expect(order.allSatisfy { $0.1 == "sdk" })
    }

    /// Lifetime: a re-identify cancels the previous generation's steps (the legacy steps run on and
    /// are ignored), and releasing the gate cancels its setup.
    @Test func modernReidentifyAndReleaseCancelTheSetup() async throws {
        let cancelled = Locked([String]())
        let step: Modern.ReadinessGate.Step = { identity in
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                cancelled.withLock { $0.append(identity) }
                throw error
            }
        }
        let lines = Locked([String]())
        var gate: Modern.ReadinessGate? = Modern.ReadinessGate(steps: [step]) { line in
            lines.withLock { $0.append(line) }
        }
        await gate?.reidentify("user-a")
        await gate?.reidentify("user-b")
        try await eventually("user-a's step was cancelled") { cancelled.withLock { $0 } == ["user-a"] }
        try await eventually("generation 1 has ended") { lines.withLock { $0 } == ["generation 1 ended late: ignored"] }
        gate = nil
        try await eventually("user-b's step was cancelled") { cancelled.withLock { $0 } == ["user-a", "user-b"] }
        #expect(lines.withLock { $0 } == ["generation 1 ended late: ignored"])
    }
}
