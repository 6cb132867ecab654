import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized, .timeLimit(.minutes(1))) struct EventLoopThreadTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }

    static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = read(descriptor, &buffer, buffer.count)
    }

    static func send(_ bytes: [UInt8], to descriptor: Int32) {
        precondition(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    /// A handler and a timer both run on the loop's thread, the same one, not the caller's; in the
    /// modern loop the handler is inside the actor's isolation (`assumeIsolated` passes there).
    @Test(arguments: Side.allCases)
    func handlersAndTimersRunOnTheLoopThread(_ side: Side) async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let seen = Locked<[String: Int32?]>([:])
        switch side {
        case .legacy:
            await onOwnThread {
                let loop = Legacy.EventLoopThread(name: "event-loop")
                let done = DispatchSemaphore(value: 0)
                loop.register(pipe.read) { descriptor in
                    Self.drain(descriptor)
                    seen.withLock { $0["handler"] = LiveThreads.currentID() }
                    done.signal()
                }
                Self.send([1], to: pipe.write)
                done.wait()
                loop.schedule(after: .zero) {
                    seen.withLock { $0["timer"] = LiveThreads.currentID() }
                    done.signal()
                }
                done.wait()
                loop.stop()
            }
        case .modern:
            let loop = try Modern.EventLoop(name: "event-loop")
            let (done, signal) = AsyncStream.makeStream(of: Void.self)
            var next = done.makeAsyncIterator()
            try await loop.register(pipe.read) { descriptor in
                Self.drain(descriptor)
                let tid = loop.assumeIsolated { _ in LiveThreads.currentID() }
                seen.withLock { $0["handler"] = tid }
                signal.yield()
                return true
            }
            Self.send([1], to: pipe.write)
            await next.next()
            try await loop.schedule(after: .zero) {
                seen.withLock { $0["timer"] = LiveThreads.currentID() }
                signal.yield()
            }
            await next.next()
            await loop.stop()
        }
        let threads = seen.withLock { $0 }
        let handler = try #require(threads["handler"] ?? nil)
        #expect(threads["timer"] == handler)
        #expect(handler != LiveThreads.currentID())
        #expect(await LiveThreads.settle(tid: handler) == false, "the loop's thread is still alive")
    }

    /// Timers scheduled out of order fire in deadline order, all of them, each once.
    @Test(arguments: Side.allCases)
    func timersFireInDeadlineOrder(_ side: Side) async throws {
        let delays = [200, 50, 100, 0, 150].map { Duration.milliseconds($0) }
        let fired = Locked<[Int]>([])
        switch side {
        case .legacy:
            await onOwnThread {
                let loop = Legacy.EventLoopThread(name: "event-loop")
                let done = DispatchSemaphore(value: 0)
                for (index, delay) in delays.enumerated() {
                    loop.schedule(after: delay) {
                        fired.withLock { $0.append(index) }
                        done.signal()
                    }
                }
                for _ in delays { done.wait() }
                loop.stop()
            }
        case .modern:
            let loop = try Modern.EventLoop(name: "event-loop")
            let (done, signal) = AsyncStream.makeStream(of: Void.self)
            var next = done.makeAsyncIterator()
            for (index, delay) in delays.enumerated() {
                try await loop.schedule(after: delay) {
                    fired.withLock { $0.append(index) }
                    signal.yield()
                }
            }
            for _ in delays { await next.next() }
            await loop.stop()
        }
        // Deadlines are taken when each call is made, so ties can only break towards the earlier.
        #expect(fired.withLock { $0 } == [3, 1, 2, 4, 0])
    }

    /// Bytes written in many pieces to one descriptor reach the handler (legacy) or the stream
    /// (modern) in the order they were written, none lost, none twice.
    @Test(arguments: Side.allCases)
    func bytesOnOneDescriptorArriveInOrder(_ side: Side) async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let sent = (0..<2_000).map { UInt8(truncatingIfNeeded: $0) }
        var received: [UInt8] = []
        switch side {
        case .legacy:
            received = await onOwnThread {
                let loop = Legacy.EventLoopThread(name: "event-loop")
                let bytes = Locked<[UInt8]>([])
                let all = DispatchSemaphore(value: 0)
                loop.register(pipe.read) { descriptor in
                    var buffer = [UInt8](repeating: 0, count: 64)
                    let count = read(descriptor, &buffer, buffer.count)
                    guard count > 0 else { return }
                    let total = bytes.withLock {
                        $0 += buffer[..<count]
                        return $0.count
                    }
                    if total == sent.count { all.signal() }
                }
                for start in stride(from: 0, to: sent.count, by: 100) {
                    Self.send(Array(sent[start..<start + 100]), to: pipe.write)
                }
                all.wait()
                loop.stop()
                return bytes.withLock { $0 }
            }
        case .modern:
            let loop = try Modern.EventLoop(name: "event-loop")
            let chunks = try await loop.chunks(from: pipe.read)
            for start in stride(from: 0, to: sent.count, by: 100) {
                Self.send(Array(sent[start..<start + 100]), to: pipe.write)
            }
            for await chunk in chunks {
                received += chunk
                if received.count >= sent.count { break }
            }
            await loop.stop()
        }
        #expect(received == sent)
    }

    /// Both sides' second scenario: a reader that leaves (legacy: `unregister`; modern: its
    /// consuming task cancelled) reads nothing more; a byte written after it left stays in the
    /// pipe. If the cancelled consumer's registration stayed, the loop would read "late" and the
    /// last line would say "nothing".
    @Test(arguments: Side.allCases)
    func aConsumerThatLeavesReadsNothingMore(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread { Legacy.EventLoopThread.readerLeaves(log: recorder.logger) }
        case .modern:
            await Modern.EventLoopThread.readerLeaves(log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "reader got: first", "reader left", "after it left: \"late\" is still in the pipe",
            ])
    }

    /// A reader replaced on its descriptor: the first stream finishes, and the second stream's
    /// reader is not dropped when the first one's consumer leaves afterwards (readers are marked
    /// by id, not by descriptor).
    @Test func modernAReplacedReaderFinishesAndItsLeavingSparesTheNewOne() async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let loop = try Modern.EventLoop(name: "event-loop")
        let first = try await loop.chunks(from: pipe.read)
        let firstConsumer = Task { for await _ in first {} }
        let second = try await loop.chunks(from: pipe.read)
        await firstConsumer.value  // finished by the replacement
        Self.send(Array("hello".utf8), to: pipe.write)
        var iterator = second.makeAsyncIterator()
        let chunk = await iterator.next()
        #expect(chunk == Array("hello".utf8))
        await loop.stop()
    }

    /// `stop()` finishes a consumer's stream, and the loop's thread ends.
    @Test func modernStopFinishesStreamsAndEndsTheThread() async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let loop = try Modern.EventLoop(name: "event-loop")
        let tid: Int32? = await withCheckedContinuation { found in
            Task {
                do {
                    try await loop.schedule(after: .zero) { found.resume(returning: LiveThreads.currentID()) }
                } catch { found.resume(returning: nil) }
            }
        }
        let chunks = try await loop.chunks(from: pipe.read)
        let consumer = Task {
            var count = 0
            for await _ in chunks { count += 1 }
            return count
        }
        try await loop.schedule(after: .seconds(60)) { Issue.record("a dropped timer fired") }
        await loop.stop()
        #expect(await consumer.value == 0, "the stream finished without a chunk")
        #expect(await LiveThreads.settle(tid: try #require(tid)) == false, "the loop's thread is still alive")
    }

    /// Bad input: calls after `stop()` throw `Stopped` and reach no handler; a second stop returns.
    @Test func modernCallsAfterStopAreRefusedAndStopTwiceOnlyWaits() async throws {
        let loop = try Modern.EventLoop(name: "event-loop")
        await loop.stop()
        await loop.stop()
        await #expect(throws: Modern.EventLoop.Stopped.self) {
            try await loop.schedule(after: .zero) { Issue.record("ran after stop") }
        }
        await #expect(throws: Modern.EventLoop.Stopped.self) {
            try await loop.register(0) { _ in Issue.record("ran after stop"); return true }
        }
        await #expect(throws: Modern.EventLoop.Stopped.self) { _ = try await loop.chunks(from: 0) }
        await loop.unregister(0)  // nothing to remove: returns
    }

    /// Lifetime: the modern thread holds its actor weakly, so releasing the loop, with a handler
    /// and a 60 s timer still registered and no `stop()`, frees it and ends the thread. The legacy
    /// thread holds its loop: nobody's reference is needed for it to live on until `stop()`.
    @Test(arguments: Side.allCases)
    func releasingTheLoopEndsItsThreadOnlyInModern(_ side: Side) async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let tid = Locked<Int32?>(nil)
        switch side {
        case .legacy:
            weak var released: Legacy.EventLoopThread?
            let kept: Legacy.EventLoopThread? = await onOwnThread {
                let loop = Legacy.EventLoopThread(name: "event-loop")
                let ran = DispatchSemaphore(value: 0)
                loop.schedule(after: .zero) {
                    tid.withLock { $0 = LiveThreads.currentID() }
                    ran.signal()
                }
                ran.wait()
                loop.schedule(after: .seconds(60)) {}
                return loop
            }
            released = kept
            let stillThere = released
            #expect(stillThere != nil, "the thread holds the legacy loop")
            stillThere?.stop()  // what an owner must do; ends the thread
        case .modern:
            weak var released: Modern.EventLoop?
            do {
                let loop = try Modern.EventLoop(name: "event-loop")
                released = loop
                let (ran, signal) = AsyncStream.makeStream(of: Void.self)
                try await loop.schedule(after: .zero) {
                    tid.withLock { $0 = LiveThreads.currentID() }
                    signal.yield()
                }
                var next = ran.makeAsyncIterator()
                await next.next()
                try await loop.register(pipe.read) { _ in true }
                try await loop.schedule(after: .seconds(60)) {}
            }
            try await eventually("the released loop is freed") { released == nil }
        }
        let thread = try #require(tid.withLock { $0 })
        #expect(await LiveThreads.settle(tid: thread) == false, "the loop's thread is still alive")
    }

    /// The page's first scenario, both sides: the same lines, in this order.
    @Test(arguments: Side.allCases)
    func servesAPipeASocketAndTwoTimers(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.EventLoopThread.serveTwoDescriptors(timerDelay: .milliseconds(10), log: recorder.logger)
            }
        case .modern:
            await Modern.EventLoopThread.serveTwoDescriptors(timerDelay: .milliseconds(10), log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "pipe: ping", "socket: pong", "timer: early", "timer: late (scheduled first)", "socket: closed",
                "stopped; the 60 s timer was dropped",
            ])
    }

    /// Cancellation: a caller cancelled before its call reaches the loop's thread registers
    /// nothing (`CancellationError`); the loop still serves others, and `unregister` works for a
    /// cancelled caller too.
    @Test func modernCancelledCallerRegistersNothing() async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        let loop = try Modern.EventLoop(name: "event-loop")
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await loop.schedule(after: .zero) { Issue.record("a cancelled caller's timer ran") }
            try await loop.register(pipe.read) { _ in
                Issue.record("a cancelled caller's handler ran")
                return true
            }
        }.result
        #expect(throws: CancellationError.self) { try result.get() }
        let chunks = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await loop.chunks(from: pipe.read)
        }.result
        #expect(throws: CancellationError.self) { try chunks.get() }
        Self.send([1], to: pipe.write)
        let (ran, signal) = AsyncStream.makeStream(of: Void.self)
        try await loop.schedule(after: .zero) { signal.yield() }
        var next = ran.makeAsyncIterator()
        await next.next()
        var byte: UInt8 = 0
        #expect(read(pipe.read, &byte, 1) == 1, "nobody read the byte")
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await loop.unregister(pipe.read)
        }.value
        await loop.stop()
    }

    /// Lifetime: a loop released without `stop()` finishes its streams too, so a consumer's
    /// `for await` ends instead of waiting for ever.
    @Test func modernReleasingTheLoopFinishesItsStreams() async throws {
        let pipe = Self.makePipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        weak var released: Modern.EventLoop?
        let consumer: Task<Int, Never>
        do {
            let loop = try Modern.EventLoop(name: "event-loop")
            released = loop
            let chunks = try await loop.chunks(from: pipe.read)
            consumer = Task {
                var count = 0
                for await _ in chunks { count += 1 }
                return count
            }
        }
        try await eventually("the released loop is freed") { released == nil }
        #expect(await consumer.value == 0, "the stream finished without a chunk")
    }

    /// A modern handler that returns `false` at end of file is not called again: the loop drops
    /// it in the same turn, so a closed descriptor does not spin the loop.
    @Test func modernHandlerThatReturnsFalseIsNotCalledAgain() async throws {
        let pipe = Self.makePipe()
        defer { close(pipe.read) }
        let loop = try Modern.EventLoop(name: "event-loop")
        let calls = Locked(0)
        let (ended, signal) = AsyncStream.makeStream(of: Void.self)
        try await loop.register(pipe.read) { descriptor in
            var byte: UInt8 = 0
            let count = read(descriptor, &byte, 1)
            calls.withLock { $0 += 1 }
            if count == 0 { signal.yield() }
            return count != 0
        }
        close(pipe.write)  // end of file: readable for ever
        var next = ended.makeAsyncIterator()
        await next.next()
        // Two more turns of the loop, each after a poll that would report the closed pipe.
        for _ in 0..<2 {
            let (ran, ranSignal) = AsyncStream.makeStream(of: Void.self)
            try await loop.schedule(after: .zero) { ranSignal.yield() }
            var turn = ran.makeAsyncIterator()
            await turn.next()
        }
        #expect(calls.withLock { $0 } == 1)
        await loop.stop()
    }
}
