import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct RunLoopWorkerTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let events = ["key down: a", "key up: a", "mouse moved: (3, 4)"]

    @Test(arguments: Side.allCases)
    func bothRunRequestsInPostingOrder(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread { Legacy.RunLoopWorker.serveRequests(count: 5, log: recorder.logger) }
        case .modern:
            await Modern.RunLoopWorker.serveRequests(count: 5, log: recorder.logger)
        }
        #expect(
            recorder.lines
                == (1...5).map { "request \($0)" } + ["request 6, waited for", "the caller goes on", "stopped"])
    }

    @Test(arguments: Side.allCases)
    func bothDeliverEveryHostedCallbackInOrder(_ side: Side) async {
        let recorder = Recorder()
        let tap = FakeEventTap()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.RunLoopWorker.hostSource(
                    events: Self.events, makeSource: tap.makeRunLoopSource, post: tap.post, log: recorder.logger)
            }
        case .modern:
            await Modern.RunLoopWorker.hostSource(
                events: Self.events, makeSource: tap.makeRunLoopSource, post: tap.post, log: recorder.logger)
        }
        #expect(recorder.lines == Self.events.map { "callback: \($0)" } + ["stopped"])
    }

    @Test func legacyRequestsRunOnTheWorkerThread() async throws {
        let threads = Locked<[ObjectIdentifier]>([])
        let caller = await onOwnThread { () -> ObjectIdentifier in
            let worker = Legacy.RunLoopWorker()
            for _ in 1...5 {
                worker.perform { threads.withLock { $0.append(currentThread()) } }
            }
            worker.stop()
            return currentThread()
        }
        let seen = threads.withLock { $0 }
        try #require(seen.count == 5)
        #expect(Set(seen).count == 1)
        #expect(seen[0] != caller)
    }

    @Test func modernRequestsRunOneAtATimeEvenWhenTheySuspend() async {
        let recorder = Recorder()
        let gate = AsyncStream.makeStream(of: Void.self)
        let worker = Modern.RunLoopWorker()
        worker.perform {
            recorder.log("request 1 starts")
            for await _ in gate.stream { break }  // suspends until the test opens the gate
            recorder.log("request 1 ends")
        }
        worker.perform { recorder.log("request 2") }
        await Task.yield()
        gate.continuation.yield()
        await worker.stop()
        #expect(recorder.lines == ["request 1 starts", "request 1 ends", "request 2"])
    }

    /// A request posted to a stopped worker is dropped by its finished stream: `perform` says so,
    /// and `performAndWait` throws at once instead of leaving its caller suspended forever.
    @Test func modernRequestAfterStopIsRefusedInsteadOfWaitingForever() async {
        let worker = Modern.RunLoopWorker()
        await worker.stop()
        #expect(!worker.perform {})
        await #expect(throws: Modern.RunLoopWorker.Stopped.self) {
            try await worker.performAndWait {}
        }
    }

    @Test func legacyRunLoopWithoutASourceReturnsAtOnce() async {
        let returned = await onOwnThread {
            RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 10))
        }
        #expect(returned == false)
    }

    @Test func legacyCallbacksRunOnTheHostingThread() async throws {
        let callbacks = Locked<[ObjectIdentifier]>([])
        let tap = FakeEventTap()
        let (host, caller) = await onOwnThread { () -> (ObjectIdentifier, ObjectIdentifier) in
            let worker = Legacy.RunLoopWorker()
            let received = DispatchSemaphore(value: 0)
            worker.host {
                tap.makeRunLoopSource { _ in
                    callbacks.withLock { $0.append(currentThread()) }
                    received.signal()
                }
            }
            for event in Self.events { tap.post(event) }
            for _ in Self.events { received.wait() }
            let host = Locked<ObjectIdentifier?>(nil)
            worker.performAndWait { host.withLock { $0 = currentThread() } }
            worker.stop()
            return (host.withLock { $0! }, currentThread())
        }
        let seen = callbacks.withLock { $0 }
        try #require(seen.count == Self.events.count)
        #expect(seen.allSatisfy { $0 == host })
        #expect(host != caller)
    }

    @MainActor @Test func modernCallbacksArriveInTheConsumingTask() async throws {
        let callbackThreads = Locked<[ObjectIdentifier]>([])
        let tap = FakeEventTap()
        let host = await Modern.RunLoopWorker.SourceHost.start { forward in
            tap.makeRunLoopSource { event in
                callbackThreads.withLock { $0.append(currentThread()) }
                forward(event)
            }
        }
        for event in Self.events { tap.post(event) }
        var handled: [String] = []
        var handlerThreads: [ObjectIdentifier] = []
        for await event in host.events {
            MainActor.assertIsolated()  // where the consumer runs, not on the hosting thread
            handled.append(event)
            handlerThreads.append(currentThread())
            if handled.count == Self.events.count { host.stop() }
        }
        #expect(handled == Self.events)
        let hosting = callbackThreads.withLock { $0 }
        try #require(hosting.count == Self.events.count)
        #expect(Set(hosting).count == 1)
        #expect(Set(handlerThreads).isDisjoint(with: hosting))
    }

    @Test func modernHostStopsWhenItsConsumerIsCancelled() async throws {
        let before = try #require(await ProcessThreads.settled(atMost: Int.max))
        let tap = FakeEventTap()
        let host = await Modern.RunLoopWorker.SourceHost.start(makeSource: tap.makeRunLoopSource)
        let firstEvent = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            for await _ in host.events { firstEvent.continuation.yield() }
        }
        tap.post("key down: a")
        for await _ in firstEvent.stream { break }
        consumer.cancel()  // ends the stream: its onTermination stops the thread
        await consumer.value
        let after = try #require(await ProcessThreads.settled(atMost: before))
        #expect(after <= before)
    }

    @Test func threadsHaveEndedWhenItReturns() async throws {
        let log: @Sendable (String) -> Void = { _ in }
        await onOwnThread { Legacy.RunLoopWorker.serveRequests(count: 5, log: log) }
        let before = try #require(await ProcessThreads.settled(atMost: Int.max))
        for _ in 0..<3 {
            await onOwnThread { Legacy.RunLoopWorker.serveRequests(count: 5, log: log) }
            let legacyTap = FakeEventTap()
            await onOwnThread {
                Legacy.RunLoopWorker.hostSource(
                    events: Self.events, makeSource: legacyTap.makeRunLoopSource, post: legacyTap.post, log: log)
            }
            await Modern.RunLoopWorker.serveRequests(count: 5, log: log)
            let modernTap = FakeEventTap()
            await Modern.RunLoopWorker.hostSource(
                events: Self.events, makeSource: modernTap.makeRunLoopSource, post: modernTap.post, log: log)
        }
        let after = try #require(await ProcessThreads.settled(atMost: before))
        #expect(after <= before)
    }
}

/// The identity of the calling thread (a synchronous function, so async tests can call it).
private func currentThread() -> ObjectIdentifier {
    ObjectIdentifier(Thread.current)
}
