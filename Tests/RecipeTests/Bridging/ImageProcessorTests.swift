import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct ImageProcessorTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let key = DispatchSpecificKey<String>()

    /// A serial result queue that can tell whether code runs on it.
    static func resultQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "test.results")
        queue.setSpecific(key: key, value: "results")
        return queue
    }

    @Test func legacyHandlerRunsOnTheResultQueue() async {
        let queue = Self.resultQueue()
        let processor = Legacy.ImageProcessor(resultQueue: queue)
        let (success, onQueue) = await withCheckedContinuation { done in
            processor.processImage([1, 2, 3]) { success in
                dispatchPrecondition(condition: .onQueue(queue))
                done.resume(returning: (success, DispatchQueue.getSpecific(key: Self.key) == "results"))
            }
        }
        #expect(success && onQueue)
    }

    @Test(arguments: Side.allCases)
    func theCallReturnsBeforeProcessing(_ side: Side) async {
        let recorder = Recorder()
        let gate = LineGate(prefix: "returned", count: 1)
        let log = gate.logger(recorder.logger)
        switch side {
        case .legacy:
            let queue = Self.resultQueue()
            let processor = Legacy.ImageProcessor(resultQueue: queue) { image in
                gate.waitUntilReached()
                log("processed")
                return Legacy.ImageProcessor.check(image)
            }
            await withCheckedContinuation { done in
                Legacy.ImageProcessor.demo(processor, resultQueue: queue, log: log) { done.resume() }
            }
        case .modern:
            let processor = Modern.ImageProcessor { image in
                await gate.reached()
                log("processed")
                return Modern.ImageProcessor.check(image)
            }
            await Modern.ImageProcessor.demo(processor, log: log)
        }
        #expect(recorder.lines == ["returned", "processed", "success = true"])
    }

    @Test func modernShimCallsTheHandlerExactlyOnce() async {
        let calls = Locked<[Bool]>([])
        let processor = Modern.ImageProcessor()
        // The handler is called inside the task, so once the task is done every call has happened.
        await processor.processImage([]) { success in calls.withLock { $0.append(success) } }.value
        await processor.processImage([7]) { success in calls.withLock { $0.append(success) } }.value
        #expect(calls.withLock { $0 } == [false, true])
    }

    /// The legacy handler ran on the result queue the caller chose, the main queue for UI code; the
    /// shim keeps that: its handler runs on the main actor, whose executor is the main queue. A
    /// shim that called the handler inside its task ran it on the pool instead.
    @Test func modernShimCallsTheHandlerOnTheMainQueue() async {
        let processor = Modern.ImageProcessor()
        let onMainQueue = await withCheckedContinuation { done in
            processor.processImage([1]) { _ in done.resume(returning: Legacy.MainHop.isOnMainQueue) }
        }
        #expect(onMainQueue)
    }

    @Test func aContinuationAwaitsTheLegacyAPI() async {
        let processor = Legacy.ImageProcessor(resultQueue: Self.resultQueue())
        let success = await Modern.ImageProcessor.awaiting { handler in
            processor.processImage([1], completionHandler: handler)
        }
        let failure = await Modern.ImageProcessor.awaiting { handler in
            processor.processImage([], completionHandler: handler)
        }
        #expect(success && !failure)
    }

    @Test(arguments: Side.allCases)
    func everyCallerGetsOneAnswer(_ side: Side) async {
        let callers = 200
        switch side {
        case .legacy:
            let queue = Self.resultQueue()
            let processor = Legacy.ImageProcessor(resultQueue: queue)
            let answers = Locked<[Int: Int]>([:])
            let offQueue = Locked(0)
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: callers) { caller in
                    processor.processImage([UInt8(caller % 256)]) { success in
                        if DispatchQueue.getSpecific(key: Self.key) != "results" { offQueue.withLock { $0 += 1 } }
                        if success { answers.withLock { $0[caller, default: 0] += 1 } }
                    }
                }
            }
            // Both queues are serial: a last call's handler runs after every earlier handler,
            // duplicates included.
            await withCheckedContinuation { done in
                processor.processImage([0]) { _ in done.resume() }
            }
            #expect(answers.withLock { $0.count } == callers)
            #expect(answers.withLock { $0.values.allSatisfy { $0 == 1 } })
            #expect(offQueue.withLock { $0 } == 0)
        case .modern:
            let processor = Modern.ImageProcessor()
            let answers = await withTaskGroup(of: Bool.self) { group in
                for caller in 0..<callers {
                    group.addTask { await processor.processImage([UInt8(caller % 256)]) }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(answers.count == callers && answers.allSatisfy { $0 })
        }
    }

    @Test func legacyProcessesOneImageAtATime() async {
        let inFlight = Locked((now: 0, most: 0))
        let processor = Legacy.ImageProcessor(resultQueue: Self.resultQueue()) { image in
            inFlight.withLock {
                $0.now += 1; $0.most = max($0.most, $0.now)
            }
            defer { inFlight.withLock { $0.now -= 1 } }
            return Legacy.ImageProcessor.check(image)
        }
        let answers = Locked(0)
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                processor.processImage([1]) { _ in answers.withLock { $0 += 1 } }
            }
        }
        await withCheckedContinuation { done in processor.processImage([1]) { _ in done.resume() } }
        #expect(answers.withLock { $0 } == 100)
        #expect(inFlight.withLock { $0.most } == 1)
    }

    @Test(arguments: Side.allCases)
    func aCancelledCallerStillGetsItsAnswer(_ side: Side) async {
        switch side {
        case .legacy:
            // There is nothing to cancel: the call has returned, and the handler comes anyway.
            let processor = Legacy.ImageProcessor(resultQueue: Self.resultQueue())
            let success = await withCheckedContinuation { done in
                processor.processImage([1]) { done.resume(returning: $0) }
            }
            #expect(success)
        case .modern:
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await Modern.ImageProcessor().processImage([1])
            }
            #expect(await task.value)
            #expect(task.isCancelled)
        }
    }
}
