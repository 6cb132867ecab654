import Dispatch
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct PendingRepliesTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// The trap: the modern table without its cancellation handler.
    final class NaiveReplies: Sendable {
        private let table = Mutex([Int: CheckedContinuation<String, Never>]())
        func reply(to id: Int) async -> String {
            await withCheckedContinuation { continuation in table.withLock { $0[id] = continuation } }
        }
        func receive(_ reply: String, for id: Int) -> Bool {
            guard let continuation = table.withLock({ $0.removeValue(forKey: id) }) else { return false }
            continuation.resume(returning: reply)
            return true
        }
        var pendingCount: Int { table.withLock { $0.count } }
    }

    /// One legacy request, awaited: the reply, or nil.
    static func legacyRequest(
        _ replies: Legacy.PendingReplies<String>, _ id: Int, timeout: Duration, send: () -> Void = {}
    ) async -> String? {
        await withCheckedContinuation { done in
            replies.request(id, timeout: timeout, send: send) { done.resume(returning: $0) }
        }
    }

    /// 200 requests with a 2 ms timeout while replies for all of them arrive from other threads:
    /// every caller hears exactly once, and a caller hears its reply exactly when `receive` said it
    /// was delivered (the others were dropped as late).
    @Test(arguments: Side.allCases)
    func everyRequestHearsExactlyOnce(_ side: Side) async {
        let heard = OrderingWatch([Int: [String?]]())
        let delivered = Locked(Set<Int>())
        let ids = 0..<200
        switch side {
        case .legacy:
            let replies = Legacy.PendingReplies<String>()
            for id in ids {
                replies.request(id, timeout: .milliseconds(2), send: {}) { reply in
                    heard.update { $0[id, default: []].append(reply) }
                }
            }
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: ids.count) { id in
                    if replies.receive("reply \(id)", for: id) { delivered.withLock { _ = $0.insert(id) } }
                }
            }
            await heard.until { $0.count == ids.count }
            #expect(replies.pendingCount == 0)
        case .modern:
            let replies = Modern.PendingReplies<String>()
            await withDiscardingTaskGroup { group in
                for id in ids {
                    group.addTask {
                        let reply = try? await replies.request(id, timeout: .milliseconds(2)) {}
                        heard.update { $0[id, default: []].append(reply) }
                    }
                    group.addTask {
                        if replies.receive("reply \(id)", for: id) { delivered.withLock { _ = $0.insert(id) } }
                    }
                }
            }
            #expect(replies.pendingCount == 0)
        }
        let answers = heard.value
        #expect(answers.values.allSatisfy { $0.count == 1 })
        let answered = Set(answers.filter { $0.value == ["reply \($0.key)"] }.keys)
        #expect(answered == delivered.withLock { $0 })
    }

    /// Registered before the send: a reply the reader delivers while `send` is still running
    /// finds its entry.
    @Test(arguments: Side.allCases)
    func aReplyDuringSendIsNotLost(_ side: Side) async throws {
        switch side {
        case .legacy:
            let replies = Legacy.PendingReplies<String>()
            let reply = await Self.legacyRequest(replies, 7, timeout: .seconds(10)) {
                #expect(replies.receive("pong", for: 7))
            }
            #expect(reply == "pong")
            #expect(replies.pendingCount == 0)
        case .modern:
            let replies = Modern.PendingReplies<String>()
            let reply = try await replies.request(7, timeout: .seconds(10)) {
                #expect(replies.receive("pong", for: 7))
            }
            #expect(reply == "pong")
            #expect(replies.pendingCount == 0)
        }
    }

    /// A cancelled caller stops waiting at once: its entry is removed, it throws
    /// `CancellationError`, and its reply, when it comes, is dropped.
    @Test func aCancelledRequestLeavesNoEntry() async {
        let replies = Modern.PendingReplies<String>()
        let (sent, sending) = AsyncStream.makeStream(of: Int.self)
        let caller = Task { try await replies.request(1, timeout: .seconds(60)) { sending.yield(1) } }
        for await _ in sent { break }
        #expect(replies.pendingCount == 1)
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(replies.pendingCount == 0)
        #expect(replies.receive("late", for: 1) == false)
    }

    /// The pitfall's guard: a caller cancelled before it parks never sends and never parks.
    @Test func aRequestCancelledBeforeItParksIsNotSent() async {
        let replies = Modern.PendingReplies<String>()
        let sends = Locked(0)
        let callers = (0..<50).map { id in
            Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await replies.request(id, timeout: .seconds(60)) {
                    sends.withLock { $0 += 1 }
                }
            }
        }
        for caller in callers {
            await #expect(throws: CancellationError.self) { try await caller.value }
        }
        #expect(sends.withLock { $0 } == 0)
        #expect(replies.pendingCount == 0)
    }

    /// The declared difference: a legacy caller cannot give up; its entry stays until the timer
    /// pops it, at least `timeout` later.
    @Test func legacyEntriesStayUntilTheTimer() async {
        let replies = Legacy.PendingReplies<String>()
        let clock = ContinuousClock()
        let start = clock.now
        let timeout = Duration.milliseconds(20)
        let (answered, answer) = AsyncStream.makeStream(of: String?.self)
        replies.request(1, timeout: timeout, send: {}) { answer.yield($0) }
        #expect(replies.pendingCount == 1)
        var reply: String?? = .none
        for await value in answered {
            reply = value
            break
        }
        #expect(reply == .some(nil))
        #expect(clock.now - start >= timeout)
        #expect(replies.pendingCount == 0)
        #expect(replies.receive("late", for: 1) == false)
    }

    /// The legacy rule for ids is stricter: the timer of an answered request still fires, and
    /// pops whatever waits under its id by then. A request that reuses the id within the first
    /// one's timeout hears nil from that timer, long before its own timeout.
    @Test func legacyTimerOfAnAnsweredRequestEndsAReusedId() async {
        let replies = Legacy.PendingReplies<String>()
        let first = await Self.legacyRequest(replies, 1, timeout: .milliseconds(20)) {
            #expect(replies.receive("reply 1", for: 1))
        }
        #expect(first == "reply 1")
        let reused = await Self.legacyRequest(replies, 1, timeout: .seconds(60))
        #expect(reused == nil)
        #expect(replies.pendingCount == 0)
    }

    /// The trap: a continuation parked with no cancellation handler keeps `withTimeout` waiting
    /// until the reply comes, although the deadline passed long before. The fixed table gives up on
    /// time, sends nothing more, and drops the late reply.
    @Test func withoutACancellationHandlerTheTimeoutWaitsForTheReply() async throws {
        let naive = NaiveReplies()
        let events = Locked([String]())
        let caller = Task {
            do {
                _ = try await withTimeout(.milliseconds(1)) { await naive.reply(to: 1) }
                events.withLock { $0.append("returned the reply") }
            } catch {
                events.withLock { $0.append("threw \(error)") }
            }
        }
        try await eventually { naive.pendingCount != 0 }
        // The same timeout, 20 times as long, on the fixed table: it gives up on its own.
        let fixed = Modern.PendingReplies<String>()
        await #expect(throws: TimeoutError(timeout: .milliseconds(20))) {
            try await fixed.request(1, timeout: .milliseconds(20)) {}
        }
        #expect(fixed.pendingCount == 0)
        #expect(fixed.receive("late", for: 1) == false)
        #expect(events.withLock { $0 }.isEmpty)  // the naive caller still waits
        events.withLock { $0.append("reply sent") }
        #expect(naive.receive("late", for: 1))
        await caller.value
        #expect(events.withLock { $0 } == ["reply sent", "threw timed out after 0.001 seconds"])
    }

    /// A closed connection answers every waiting caller (nil, or `ConnectionClosed`), and later
    /// requests hear the same at once.
    @Test(arguments: Side.allCases)
    func closingTheConnectionAnswersEveryWaiter(_ side: Side) async {
        let ids = 0..<20
        switch side {
        case .legacy:
            let replies = Legacy.PendingReplies<String>()
            let heard = OrderingWatch([String?]())
            for id in ids {
                replies.request(id, timeout: .seconds(60), send: {}) { reply in heard.update { $0.append(reply) } }
            }
            #expect(replies.pendingCount == ids.count)
            replies.close()
            await heard.until { $0.count == ids.count }
            #expect(heard.value == Array(repeating: nil, count: ids.count))
            #expect(await Self.legacyRequest(replies, 99, timeout: .seconds(60)) == nil)
            #expect(replies.pendingCount == 0)
        case .modern:
            let replies = Modern.PendingReplies<String>()
            let (sent, sending) = AsyncStream.makeStream(of: Int.self)
            let callers = ids.map { id in
                Task { try await replies.request(id, timeout: .seconds(60)) { sending.yield(id) } }
            }
            var count = 0
            for await _ in sent {
                count += 1
                if count == ids.count { break }
            }
            replies.close()
            for caller in callers {
                await #expect(throws: Modern.PendingReplies<String>.ConnectionClosed.self) { try await caller.value }
            }
            await #expect(throws: Modern.PendingReplies<String>.ConnectionClosed.self) {
                try await replies.request(99, timeout: .seconds(60)) { Issue.record("sent after close") }
            }
            #expect(replies.pendingCount == 0)
        }
    }

    /// Bad input: a zero or negative timeout sends nothing and answers "no reply" (`TimeoutError`).
    @Test(arguments: Side.allCases, [Duration.zero, .milliseconds(-5)])
    func aNonPositiveTimeoutSendsNothing(_ side: Side, _ timeout: Duration) async {
        let sends = Locked(0)
        switch side {
        case .legacy:
            let replies = Legacy.PendingReplies<String>()
            let reply = await Self.legacyRequest(replies, 1, timeout: timeout) { sends.withLock { $0 += 1 } }
            #expect(reply == nil)
            #expect(replies.pendingCount == 0)
        case .modern:
            let replies = Modern.PendingReplies<String>()
            await #expect(throws: TimeoutError(timeout: timeout)) {
                try await replies.request(1, timeout: timeout) { sends.withLock { $0 += 1 } }
            }
            #expect(replies.pendingCount == 0)
        }
        #expect(sends.withLock { $0 } == 0)
    }

    /// Bad input: a reply nobody waits for is dropped, on both sides.
    @Test func unknownRepliesAreDropped() {
        #expect(Legacy.PendingReplies<String>().receive("stray", for: 3) == false)
        #expect(Modern.PendingReplies<String>().receive("stray", for: 3) == false)
    }

    /// The one-slot form: a second read closes the first with nil; the answer goes to the second.
    @Test(arguments: Side.allCases)
    func aSecondReadClosesTheFirst(_ side: Side) async throws {
        switch side {
        case .legacy:
            let reader = Legacy.PendingRead()
            let heard = OrderingWatch([String]())
            reader.read { line in heard.update { $0.append("first: \(line ?? "nil")") } }
            reader.read { line in heard.update { $0.append("second: \(line ?? "nil")") } }
            #expect(reader.answer("hi"))
            await heard.until { $0.count == 2 }
            #expect(heard.value == ["first: nil", "second: hi"])
            #expect(reader.answer("nobody") == false)
        case .modern:
            let reader = Modern.PendingRead()
            let first = Task { await reader.read() }
            try await eventually { reader.isWaiting }
            let second = Task { await reader.read() }
            #expect(await first.value == nil)  // superseded
            try await eventually { reader.isWaiting }
            #expect(reader.answer("hi"))
            #expect(await second.value == "hi")
            #expect(reader.answer("nobody") == false)
        }
    }

    /// A superseded reader whose task has not run again (its thread is busy) still has its
    /// cancellation handler installed. Cancelling it then must not end the newer read: the
    /// answer goes to the newer reader. A handler that emptied the slot whatever it held resumed
    /// the newer reader with nil, and the answer found nobody.
    @Test func cancellingASupersededReaderLeavesTheNewerReadWaiting() async throws {
        let executor = HeldTaskExecutor()
        defer { executor.stop() }
        let reader = Modern.PendingRead()
        let superseded = Task(executorPreference: executor) { await reader.read() }
        try await eventually { reader.isWaiting }
        try await executor.untilIdle()  // parked, not still running its first job
        executor.hold()
        let newer = Task { await reader.read() }
        try await executor.untilAJobIsQueued()  // superseded: resumed, not yet run
        superseded.cancel()
        #expect(reader.answer("hello"))
        executor.release()
        #expect(await newer.value == "hello")
        #expect(await superseded.value == nil)
        #expect(reader.isWaiting == false)
    }

    /// The same window in the table: a request answered a moment ago, whose task has not run
    /// again, is cancelled after its id was reused. Its handler must leave the newer request's
    /// entry alone; a handler that removed whatever the id held threw `CancellationError` into
    /// the newer request, and its reply was dropped.
    @Test func cancellingAnAnsweredRequestLeavesItsReusedIdAlone() async throws {
        let executor = HeldTaskExecutor()
        defer { executor.stop() }
        let replies = Modern.PendingReplies<String>()
        let (sent, sending) = AsyncStream.makeStream(of: String.self)
        var sends = sent.makeAsyncIterator()
        let answered = Task(executorPreference: executor) {
            try await replies.request(1, timeout: .seconds(60)) { sending.yield("first") }
        }
        #expect(await sends.next() == "first")
        try await executor.untilIdle()
        executor.hold()
        #expect(replies.receive("reply 1", for: 1))
        try await executor.untilAJobIsQueued()  // answered: resumed, not yet run
        let newer = Task { try await replies.request(1, timeout: .seconds(60)) { sending.yield("newer") } }
        #expect(await sends.next() == "newer")
        answered.cancel()
        #expect(replies.receive("reply 2", for: 1))
        executor.release()
        #expect(try await newer.value == "reply 2")
        _ = await answered.result  // the reply or CancellationError: both are fine
        #expect(replies.pendingCount == 0)
    }

    /// A request under an id that another request still waits under is refused at once, and sends
    /// nothing. Taking the entry instead would strand the first caller for good, its timeout
    /// included: its cancellation handler would find the newer wait's token and resume nothing.
    @Test func aRequestWhoseIdStillWaitsIsRefused() async throws {
        let replies = Modern.PendingReplies<String>()
        let (events, event) = AsyncStream.makeStream(of: String.self)
        var next = events.makeAsyncIterator()
        let first = Task { try await replies.request(7, timeout: .seconds(60)) { event.yield("first sent") } }
        #expect(await next.next() == "first sent")
        let second = Task {
            do {
                _ = try await replies.request(7, timeout: .seconds(60)) { event.yield("second sent") }
                event.yield("second answered")
            } catch let refusal as Modern.PendingReplies<String>.IDInUse {
                event.yield("second refused: id \(refusal.id) in use")
            } catch {
                event.yield("second threw \(error)")
            }
        }
        let outcome = await next.next()
        #expect(outcome == "second refused: id 7 in use")
        guard outcome == "second refused: id 7 in use" else {
            // The entry was taken: the first caller can no longer be answered or time out.
            second.cancel()
            return
        }
        #expect(replies.pendingCount == 1)
        #expect(replies.receive("reply", for: 7))
        #expect(try await first.value == "reply")
        #expect(replies.pendingCount == 0)
    }

    /// A cancelled reader gets nil and empties the slot; a read after `close` gets nil at once.
    @Test func aCancelledOrClosedReadGetsNil() async throws {
        let reader = Modern.PendingRead()
        let cancelled = Task { await reader.read() }
        try await eventually { reader.isWaiting }
        cancelled.cancel()
        #expect(await cancelled.value == nil)
        #expect(reader.isWaiting == false)
        reader.close()
        #expect(await reader.read() == nil)
        #expect(reader.answer("late") == false)
    }
}
