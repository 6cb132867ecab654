import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An event loop whose thread, in `poll(2)`, is also the serial executor of
/// the actor that holds its descriptors and timers.
///
/// The thread stays: a loop blocked in `poll` would hold one of the
/// cooperative pool's few threads for as long as its descriptors are quiet.
/// What changes is how calls reach it. The actor `EventLoop` returns this
/// executor from `unownedExecutor`, so every call into it (a registration,
/// a timer) is a job that `enqueue` queues and announces with one byte on a
/// self-pipe; the thread runs the jobs between two polls, then asks the
/// actor what to watch, polls, and hands the ready descriptors and the due
/// timers back to it with `assumeIsolated`, which `checkIsolated()` allows
/// on this thread only. The thread holds the actor weakly: releasing the
/// actor, or `stop()`, ends the thread.
public nonisolated final class EventLoopThread: SerialExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var thread: Thread?
        weak var loop: EventLoop?
        var ending = false
        var ended = false
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let wake: Int32
    private let wakeUp: Int32

    init(wake: Int32, wakeUp: Int32) {
        (self.wake, self.wakeUp) = (wake, wakeUp)
    }

    // Not when the thread ends: a late `end()` would write to a closed
    // descriptor, or to another file that reused its number.
    deinit {
        close(wake)
        close(wakeUp)
    }

    /// Starts the thread, which serves `loop` for as long as it exists.
    func start(name: String, serving loop: EventLoop) {
        state.withLock { $0.loop = loop }
        let thread = Thread { self.run() }
        thread.name = name
        thread.start()
    }

    /// Called by the runtime for each job of the actor: queues it after the
    /// jobs queued before and wakes the thread if it may be in `poll`.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let first = state.withLock { state in
            // A job that can't run would hang its task: fail loudly instead.
            precondition(!state.ended, "EventLoopThread: a job after stop")
            state.jobs.append(job)
            return state.jobs.count == 1
        }
        if first { wakeThread() }
    }

    /// Called by the runtime when code outside this executor's jobs asks to
    /// be isolated to it (`assumeIsolated`): passes on the loop's thread,
    /// traps anywhere else (SE-0424).
    public func checkIsolated() {
        let thread = state.withLock { $0.thread }
        precondition(
            thread != nil && thread === Thread.current,
            "EventLoopThread: not on the loop's thread")
    }

    /// Writes one byte to the self-pipe: `poll` returns. A full pipe is
    /// already readable, so a failed write loses nothing.
    func wakeThread() {
        var byte: UInt8 = 1
        _ = write(wakeUp, &byte, 1)
    }

    /// Asks the thread to end once the jobs queued so far have run.
    func end() {
        state.withLock { $0.ending = true }
        wakeThread()
    }

    /// Returns once the thread has ended.
    func ended() async {
        await withCheckedContinuation { ended in
            state.withLock { state in
                guard state.ended else { return state.endWaiters.append(ended) }
                ended.resume()
            }
        }
    }
}

// MARK: - The thread: jobs, then poll, then ready descriptors and timers

nonisolated extension EventLoopThread {
    private func run() {
        state.withLock { $0.thread = Thread.current }
        let executor = asUnownedSerialExecutor()
        while true {
            // The calls into the actor, in the order they were enqueued.
            let (jobs, ending) = state.withLock { state in
                defer { state.jobs = [] }
                return (state.jobs, state.ending)
            }
            for job in jobs { job.runSynchronously(on: executor) }
            if ending {  // no poll: end once no job is left
                if jobs.isEmpty { break } else { continue }
            }

            // The actor says what to watch; the thread never holds it here.
            let loop = { self.state.withLock { $0.loop } }
            let (descriptors, deadline) = loop()?.interests() ?? ([], nil)
            var watched = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            for descriptor in descriptors {
                watched.append(
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&watched, nfds_t(watched.count), timeout(deadline))
            if ready < 0 { continue }  // EINTR: poll again
            if watched[0].revents != 0 { drainWakePipe() }
            let readable = watched.dropFirst().filter { $0.revents != 0 }
            loop()?.deliver(readable: readable.map(\.fd))
        }
        let waiters = state.withLock { state in
            state.ended = true
            state.thread = nil
            defer { state.endWaiters = [] }
            return state.endWaiters
        }
        for waiter in waiters { waiter.resume() }  // the thread's last act
    }

    private func timeout(_ deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }  // no timer: wait for an event
        let left = max(.zero, deadline - .now)
        return Int32(clamping: Int64((left / .milliseconds(1)).rounded(.up)))
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wake, &bytes, bytes.count) > 0 {}  // non-blocking
    }
}

// MARK: - The actor: registrations, timers and streams, on the loop's thread

/// Descriptors, timers and streams kept on an event loop's thread.
///
/// Every method runs on the loop's thread, so its state needs no lock;
/// the public ones are `nonisolated` gates that refuse calls after
/// `stop()` (they throw `Stopped`), and `stop()` waits for the calls in
/// flight, so no job reaches the executor after its thread has ended. A
/// caller cancelled before its call reaches the thread registers nothing
/// (`CancellationError`).
public actor EventLoop {
    /// A call after `stop()`, or `pipe(2)` failed.
    public struct Stopped: Error {}

    private struct Scheduled {
        let deadline: ContinuousClock.Instant
        let callback: @Sendable () -> Void
    }
    private struct Reader {
        let id: Int
        let chunks: AsyncStream<[UInt8]>.Continuation
    }
    private final class Departed: Sendable {
        let ids = Mutex(Set<Int>())
    }
    private struct Gate {
        var open = true
        var inFlight = 0
        var drained: CheckedContinuation<Void, Never>?
    }

    private let executor: EventLoopThread
    private let gate = Mutex(Gate())
    private let departed = Departed()  // readers whose consumer left
    private var handlers: [Int32: @Sendable (Int32) -> Bool] = [:]
    private var readers: [Int32: Reader] = [:]
    private var timers: [Scheduled] = []  // sorted by deadline
    private var nextID = 0

    /// Where the runtime runs this actor's jobs: the loop's thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Makes the self-pipe and starts the loop's thread.
    public init(name: String) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Stopped() }
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        executor = EventLoopThread(wake: ends[0], wakeUp: ends[1])
        executor.start(name: name, serving: self)
    }

    // Released without stop(): the streams finish and the thread ends.
    deinit {
        for reader in readers.values { reader.chunks.finish() }
        executor.end()
    }

    /// Calls `handler` on the loop's thread each time `descriptor` is
    /// readable; the handler reads what is there, and returns `false` to
    /// stop watching (at end of file: it can't `await` an `unregister`).
    public nonisolated func register(
        _ descriptor: Int32, handler: @escaping @Sendable (Int32) -> Bool
    ) async throws {
        try enter()
        defer { leave() }
        try await add(descriptor, handler)
    }

    /// Stops watching `descriptor`, even for a cancelled caller.
    public nonisolated func unregister(_ descriptor: Int32) async {
        guard (try? enter()) != nil else { return }
        defer { leave() }
        await remove(descriptor)
    }

    /// Calls `callback` on the loop's thread once `delay` has passed, after
    /// the timers due before it.
    public nonisolated func schedule(
        after delay: Duration, _ callback: @escaping @Sendable () -> Void
    ) async throws {
        try enter()
        defer { leave() }
        try await addTimer(
            Scheduled(deadline: .now + delay, callback: callback))
    }

    /// What `descriptor` delivers, read on the loop's thread, in order; the
    /// stream finishes at end of file and at `stop()`. A consumer that
    /// leaves (its task cancelled, its loop broken) removes the
    /// registration at once. Unbounded: a consumer slower than the
    /// descriptor lets the chunks pile up in memory.
    public nonisolated func chunks(
        from descriptor: Int32
    ) async throws -> AsyncStream<[UInt8]> {
        try enter()
        defer { leave() }
        return try await addReader(descriptor)
    }

    /// Refuses later calls, waits for the calls in flight, finishes every
    /// stream, drops the handlers and pending timers, and returns once the
    /// thread has ended. A second `stop()` only waits.
    public nonisolated func stop() async {
        let first = gate.withLock { gate in
            defer { gate.open = false }
            return gate.open
        }
        if first {
            await withCheckedContinuation { drained in
                gate.withLock { gate in
                    guard gate.inFlight > 0 else { return drained.resume() }
                    gate.drained = drained
                }
            }
            await shutDown()
            executor.end()
        }
        await executor.ended()
    }
}

// MARK: - What the thread asks between polls

nonisolated extension EventLoop {
    /// The descriptors to watch and the next timer's deadline (on the
    /// thread, outside any job: `checkIsolated()` lets it in).
    func interests() -> ([Int32], ContinuousClock.Instant?) {
        assumeIsolated { loop in
            loop.dropDeparted()
            return (
                Array(loop.handlers.keys) + Array(loop.readers.keys),
                loop.timers.first?.deadline
            )
        }
    }

    /// Runs the handlers of the ready descriptors, then the due timers.
    func deliver(readable: [Int32]) {
        assumeIsolated { loop in loop.run(readable: readable) }
    }
}

extension EventLoop {
    private func run(readable: [Int32]) {
        dropDeparted()  // a consumer that has left reads nothing more
        for descriptor in readable {
            if let handler = handlers[descriptor], !handler(descriptor) {
                handlers[descriptor] = nil  // done: in this turn, no spin
            }
            if let reader = readers[descriptor] {
                readChunk(descriptor, reader)
            }
        }
        let now = ContinuousClock.now
        while let timer = timers.first, timer.deadline <= now {
            timers.removeFirst()
            timer.callback()
        }
    }

    private func readChunk(_ descriptor: Int32, _ reader: Reader) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else {  // end of file, or failed
            readers[descriptor] = nil
            return reader.chunks.finish()
        }
        reader.chunks.yield(Array(buffer[..<count]))
    }

    private func dropDeparted() {
        let gone = departed.ids.withLock { ids in
            defer { ids = [] }
            return ids
        }
        for (descriptor, reader) in readers where gone.contains(reader.id) {
            readers[descriptor] = nil
        }
    }

    private func add(
        _ descriptor: Int32, _ handler: @escaping @Sendable (Int32) -> Bool
    ) throws {
        try Task.checkCancellation()  // after the wait for the loop's thread
        remove(descriptor)  // one registration per descriptor
        handlers[descriptor] = handler
    }

    private func remove(_ descriptor: Int32) {
        handlers[descriptor] = nil
        readers.removeValue(forKey: descriptor)?.chunks.finish()
    }

    private func addTimer(_ timer: Scheduled) throws {
        try Task.checkCancellation()
        let index = timers.firstIndex { $0.deadline > timer.deadline }
        timers.insert(timer, at: index ?? timers.endIndex)
    }

    private func addReader(
        _ descriptor: Int32
    ) throws -> AsyncStream<[UInt8]> {
        try Task.checkCancellation()
        nextID += 1
        let id = nextID
        let (chunks, continuation) = AsyncStream.makeStream(
            of: [UInt8].self, bufferingPolicy: .unbounded)
        remove(descriptor)  // one registration per descriptor
        readers[descriptor] = Reader(id: id, chunks: continuation)
        // Runs on the consumer's thread: marks this reader, by its id (not
        // its descriptor, which a newer reader may have), and wakes the loop.
        continuation.onTermination = { [departed, executor] _ in
            departed.ids.withLock { _ = $0.insert(id) }
            executor.wakeThread()
        }
        return chunks
    }

    private func shutDown() {
        for reader in readers.values { reader.chunks.finish() }
        readers = [:]
        handlers = [:]
        timers = []
    }

    private nonisolated func enter() throws {
        try gate.withLock { gate in
            guard gate.open else { throw Stopped() }
            gate.inFlight += 1
        }
    }

    private nonisolated func leave() {
        let drained = gate.withLock {
            gate -> CheckedContinuation<Void, Never>? in
            gate.inFlight -= 1
            guard gate.inFlight == 0 else { return nil }
            defer { gate.drained = nil }
            return gate.drained
        }
        drained?.resume()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension EventLoopThread {
    /// A pipe (a handler) and a socket pair (a stream) on one loop, two
    /// timers scheduled out of order, the socket's far end closed, then a
    /// stop with a timer pending.
    public static func serveTwoDescriptors(
        timerDelay: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        guard let loop = try? EventLoop(name: "event-loop") else { return }
        let pipe = makePipe()
        let socket = makeSocketPair()
        let (done, signal) = AsyncStream.makeStream(of: Void.self)
        var next = done.makeAsyncIterator()
        do {
            try await loop.register(pipe.read) { descriptor in
                let text = readText(descriptor)
                log("pipe: \(text ?? "closed")")
                signal.yield()
                return text != nil  // at end of file, stop watching
            }
            let chunks = try await loop.chunks(from: socket.loop)
            let consumer = Task {
                for await chunk in chunks {
                    log("socket: \(String(decoding: chunk, as: UTF8.self))")
                    signal.yield()
                }
                log("socket: closed")
                signal.yield()
            }
            send("ping", to: pipe.write)
            await next.next()
            send("pong", to: socket.peer)
            await next.next()
            try await loop.schedule(after: timerDelay * 5) {
                log("timer: late (scheduled first)")
                signal.yield()
            }
            try await loop.schedule(after: timerDelay) {
                log("timer: early")
                signal.yield()
            }
            await next.next()
            await next.next()
            close(socket.peer)
            await consumer.value
            await next.next()
            try await loop.schedule(after: .seconds(60)) { log("timer: never") }
        } catch {
            log("refused: \(error)")
        }
        await loop.stop()
        log("stopped; the 60 s timer was dropped")
        for descriptor in [pipe.read, pipe.write, socket.loop] {
            close(descriptor)
        }
    }

    /// A reader gets one message, then leaves (its task is cancelled); a
    /// message written after it left stays in the pipe.
    public static func readerLeaves(
        log: @escaping @Sendable (String) -> Void
    ) async {
        guard let loop = try? EventLoop(name: "event-loop") else { return }
        let pipe = makePipe()
        let (got, signal) = AsyncStream.makeStream(of: Void.self)
        var next = got.makeAsyncIterator()
        do {
            let chunks = try await loop.chunks(from: pipe.read)
            let reader = Task {
                for await chunk in chunks {
                    log("reader got: \(String(decoding: chunk, as: UTF8.self))")
                    signal.yield()
                }
            }
            send("first", to: pipe.write)
            await next.next()
            reader.cancel()
            await reader.value
            log("reader left")
            send("late", to: pipe.write)
            // A timer due now runs after the ready descriptors of its turn.
            try await loop.schedule(after: .zero) { signal.yield() }
            await next.next()
        } catch {
            log("refused: \(error)")
        }
        let left = readText(pipe.read) ?? "nothing"
        log("after it left: \"\(left)\" is still in the pipe")
        await loop.stop()
        close(pipe.read)
        close(pipe.write)
    }

    static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe")
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }

    static func makeSocketPair() -> (loop: Int32, peer: Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let kind = Int32(SOCK_STREAM.rawValue)
        #else
            let kind = SOCK_STREAM
        #endif
        precondition(socketpair(AF_UNIX, kind, 0, &ends) == 0, "socketpair")
        return (ends[0], ends[1])
    }

    static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        precondition(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    /// One read: the text, or nil at end of file (or nothing to read).
    static func readText(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
