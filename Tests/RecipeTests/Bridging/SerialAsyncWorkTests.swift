import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct SerialAsyncWorkTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func atMostOneInFlightInSubmissionOrder(_ side: Side) async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        let latency = Duration.milliseconds(20)
        let most: Int
        switch side {
        case .legacy:
            most = await withCheckedContinuation { done in
                Legacy.SerialAsyncWork.runThreeFetches(
                    latency: latency, log: recorder.logger, show: { sink.showFromMainQueue($0) }
                ) { done.resume(returning: $0) }
            }
        case .modern:
            most = await Modern.SerialAsyncWork.runThreeFetches(
                latency: latency, log: recorder.logger, show: { sink.show($0) })
        }
        #expect(most == 1)
        #expect(
            recorder.lines.filter { $0.hasPrefix("fetch") }
                == (1...3).flatMap { ["fetch \($0) started", "fetch \($0) finished"] })
        #expect(sink.shown == ["shown result 1", "shown result 2", "shown result 3"])
    }

    /// 300 callers at once (300 iterations of `concurrentPerform`, or 300 tasks): each job runs
    /// once, none overlaps another, and every result is delivered once.
    @Test(arguments: Side.allCases)
    func hundredsOfCallersRunOneAtATime(_ side: Side) async {
        let callers = 300
        let runs = OrderingWatch(KeyedRuns())
        let delivered = OrderingWatch([Int: Int]())
        switch side {
        case .legacy:
            let work = Legacy.SerialAsyncWork()
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: callers) { id in
                    work.enqueue { (callback: @escaping Legacy.SerialAsyncWork.Callback<Int>) in
                        runs.update { $0.start("all", id) }
                        DispatchQueue.global().async {
                            runs.update { $0.end("all") }
                            callback(.success(id))
                        }
                    } completion: { result in
                        dispatchPrecondition(condition: .onQueue(.main))
                        delivered.update { $0[(try? result.get()) ?? -1, default: 0] += 1 }
                    }
                }
            }
            await delivered.until { $0.values.reduce(0, +) == callers }
        case .modern:
            let work = Modern.SerialAsyncWork()
            await withDiscardingTaskGroup { group in
                for id in 0..<callers {
                    group.addTask {
                        let value = try? await work.run {
                            runs.update { $0.start("all", id) }
                            await Task.yield()
                            runs.update { $0.end("all") }
                            return id
                        }
                        delivered.update { $0[value ?? -1, default: 0] += 1 }
                    }
                }
            }
        }
        #expect(runs.value.maxRunningInAll == 1)
        #expect(runs.value.ran == callers)
        #expect(delivered.value == Dictionary(uniqueKeysWithValues: (0..<callers).map { ($0, 1) }))
    }

    /// The wrong version: a plain actor method. At its `await` the next call starts, so all three
    /// fetches are in flight at once (the fake fetch waits until three are: it would never return
    /// if the actor serialised them).
    @Test func aPlainActorMethodLetsEveryCallerIn() async {
        let client = ReentrantClient()
        async let first = client.fetch(1)
        async let second = client.fetch(2)
        async let third = client.fetch(3)
        let results = await [first, second, third]
        #expect(results == ["result 1", "result 2", "result 3"])
        #expect(await client.mostInFlight == 3)
    }

    /// Declared difference: a legacy ticket cancels a job only before it starts.
    @Test func legacyTicketCancelsOnlyBeforeTheJobStarts() async throws {
        let work = Legacy.SerialAsyncWork()
        let events = OrderingWatch([String]())
        let release = DispatchSemaphore(value: 0)
        let results = OrderingWatch([Int: Result<Int, any Error>]())
        func complete(_ id: Int) -> Legacy.SerialAsyncWork.Callback<Int> {
            { result in results.update { $0[id] = result } }
        }
        let first = work.enqueue(
            { (callback: @escaping Legacy.SerialAsyncWork.Callback<Int>) in
                events.update { $0.append("1 started") }
                DispatchQueue.global().async {
                    release.wait()
                    events.update { $0.append("1 called back") }
                    callback(.success(1))
                }
            }, completion: complete(1))
        let second = work.enqueue(
            { (callback: @escaping Legacy.SerialAsyncWork.Callback<Int>) in
                events.update { $0.append("2 started") }
                callback(.success(2))
            }, completion: complete(2))
        work.enqueue(
            { (callback: @escaping Legacy.SerialAsyncWork.Callback<Int>) in
                events.update { $0.append("3 started") }
                callback(.success(3))
            }, completion: complete(3))
        await events.until { $0 == ["1 started"] }
        first.cancel()  // in flight: no effect
        second.cancel()  // waiting: skipped
        release.signal()
        await results.until { $0.count == 3 }
        #expect(events.value == ["1 started", "1 called back", "3 started"])
        #expect(try results.value[1]?.get() == 1)
        #expect((results.value[2].flatMap { try? $0.get() }) == nil)
        #expect(try results.value[3]?.get() == 3)
    }

    /// Declared difference: cancelling the modern job in flight ends it, and the next one starts.
    @Test func modernCancellingTheJobInFlightStartsTheNextOne() async throws {
        let work = Modern.SerialAsyncWork()
        let started = OrderingWatch(false)
        let first = work.submit {
            started.update { $0 = true }
            try await Task.sleep(for: .seconds(3600))  // ends only by cancellation
            return 1
        }
        let second = work.submit { 2 }
        await started.until { $0 }
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(try await second.value == 2)
    }

    /// A caller already cancelled when it calls `run` with nothing ahead of it: the job could
    /// start at once; it must not, on any of 200 tries, and the caller gets `CancellationError`.
    /// (A job task with the cancel forwarded by a handler loses that race only under load.)
    @Test func modernCallerCancelledBeforeTheCallNeverStartsItsJob() async {
        let work = Modern.SerialAsyncWork()
        let started = Locked(0)
        for _ in 0..<200 {
            let caller = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await work.run { started.withLock { $0 += 1 } }
            }
            await #expect(throws: CancellationError.self) { try await caller.value }
        }
        #expect(started.withLock { $0 } == 0)
    }

    /// 300 callers behind a job in flight: a seeded third cancel themselves before the call, a
    /// third are cancelled while they wait, and the job in flight is cancelled. Every cancelled
    /// caller gets `CancellationError` and its job never starts; the others run one at a time in
    /// the order they submitted, and the chain still works afterwards.
    @Test func modernCancelledCallersAtEveryPointKeepTheOrder() async throws {
        let work = Modern.SerialAsyncWork()
        let runs = OrderingWatch(KeyedRuns())
        let head = Task {
            try await work.run {
                runs.update { $0.start("all", -1) }
                defer { runs.update { $0.end("all") } }
                try await Task.sleep(for: .seconds(3600))  // ends only by cancellation
                return -1
            }
        }
        await runs.until { $0.order["all"] == [-1] }
        var random = SplitMix64(seed: 10)
        let modes = (0..<300).map { _ in Int(random.next() % 3) }
        var callers: [Task<Int, any Error>] = []
        for (id, mode) in modes.enumerated() {
            callers.append(
                Task {
                    if mode == 0 { withUnsafeCurrentTask { $0?.cancel() } }
                    return try await work.run {
                        runs.update { $0.start("all", id) }
                        await Task.yield()
                        runs.update { $0.end("all") }
                        return id
                    }
                })
        }
        for (id, mode) in modes.enumerated() where mode == 1 { callers[id].cancel() }
        head.cancel()
        await #expect(throws: CancellationError.self) { try await head.value }
        for (id, caller) in callers.enumerated() {
            let result = await caller.result
            if modes[id] == 2 {
                #expect(try result.get() == id)
            } else {
                #expect(throws: CancellationError.self) { try result.get() }
            }
        }
        #expect(Set(runs.value.order["all"]!.dropFirst()) == Set(modes.indices.filter { modes[$0] == 2 }))
        #expect(runs.value.maxRunningInAll == 1)
        #expect(try await work.run { 42 } == 42)
    }
}

/// The version to avoid: one actor, one method, an `await` in the middle.
private actor ReentrantClient {
    private var inFlight = 0
    private(set) var mostInFlight = 0
    private let threeIn = OrderingWatch(0)

    func fetch(_ id: Int) async -> String {
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        threeIn.update { $0 += 1 }
        await threeIn.until { $0 >= 3 }  // the fake network call, answered when all three are in
        inFlight -= 1
        return "result \(id)"
    }
}
