import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct DebouncerTests {
    static let interval = Duration.milliseconds(10)
    static let delay = Duration.milliseconds(50)
    static let maxInterval = Duration.milliseconds(30)
    static let fiveKeystrokes = ["s", "sw", "swi", "swif", "swift"]

    /// What a typing session did: every keystroke and every flush, with when they happened.
    /// Keystrokes and flushes both run on the main queue or the main actor.
    final class Session: Sendable {
        struct Flush: Sendable {
            let value: String
            let at: ContinuousClock.Instant
            /// The keystrokes made so far when the flush ran.
            let keystrokesSoFar: [String]
        }

        private let state = Locked<(keystrokes: [(String, ContinuousClock.Instant)], flushes: [Flush])>(([], []))
        let flushed = AsyncStream.makeStream(of: Flush.self)

        func keystroke(_ value: String) {
            state.withLock { $0.keystrokes.append((value, .now)) }
        }

        func flush(_ value: String) {
            let flush = state.withLock { state in
                let flush = Flush(value: value, at: .now, keystrokesSoFar: state.keystrokes.map(\.0))
                state.flushes.append(flush)
                return flush
            }
            flushed.continuation.yield(flush)
        }

        var keystrokes: [(value: String, at: ContinuousClock.Instant)] { state.withLock { $0.keystrokes } }
        var flushes: [Flush] { state.withLock { $0.flushes } }

        /// Waits for the flush that carries `value`.
        func waitForFlush(of value: String) async {
            for await flush in flushed.stream where flush.value == value { return }
        }
    }

    static func legacyDebouncer(maxInterval: Duration? = nil, session: Session) -> Legacy.Debouncer<String> {
        Legacy.Debouncer(delay: delay, maxInterval: maxInterval) { value in
            dispatchPrecondition(condition: .onQueue(.main))
            session.flush(value)
        }
    }

    @MainActor
    static func modernDebouncer(maxInterval: Duration? = nil, session: Session) -> Modern.Debouncer<String> {
        Modern.Debouncer(delay: delay, maxInterval: maxInterval) { value in
            MainActor.assertIsolated()
            session.flush(value)
        }
    }

    /// Five calls, then a pause: one flush, with the last value, no sooner than the delay after
    /// the last call, and nothing more for three delays.
    func expectOneFlushOfTheLastValue(_ session: Session) async throws {
        await session.waitForFlush(of: "swift")
        try await Task.sleep(for: Self.delay * 3)
        #expect(session.flushes.map(\.value) == ["swift"])
        let lastKeystroke = try #require(session.keystrokes.last)
        let flush = try #require(session.flushes.first)
        #expect(lastKeystroke.at.duration(to: flush.at) >= Self.delay)
    }

    /// The five calls are made in one turn of the main queue (main actor): the flush runs there
    /// too, so it cannot slip in between them however the machine stalls. (With the calls spread
    /// out in time, a stall longer than the delay between two of them would flush early, which is
    /// what a debouncer should do.)
    @Test func fiveQuickCallsRunTheActionOnceWithTheLastArgument() async throws {
        let legacy = Session()
        let legacyDebouncer = Self.legacyDebouncer(session: legacy)
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                for value in Self.fiveKeystrokes {
                    legacy.keystroke(value)
                    legacyDebouncer.call(value)
                }
                done.resume()
            }
        }
        try await expectOneFlushOfTheLastValue(legacy)
        extendLifetime(legacyDebouncer)

        let modern = Session()
        let modernDebouncer = await Self.modernDebouncer(session: modern)
        await MainActor.run {
            for value in Self.fiveKeystrokes {
                modern.keystroke(value)
                modernDebouncer.call(value)
            }
        }
        try await expectOneFlushOfTheLastValue(modern)
        extendLifetime(modernDebouncer)
    }

    /// A debounce delay far longer than any burst here, so that while keystrokes keep coming only
    /// the max interval can flush, however slowly the machine runs them.
    static let longDelay = Duration.seconds(60)
    /// The most keystrokes a burst may take before the max interval must have flushed.
    static let burstLimit = 500

    /// Every flush carried the latest value and came no sooner than the max interval after the
    /// first keystroke since the previous flush.
    func expectMaxIntervalFlushes(_ session: Session) throws {
        let flushes = session.flushes
        let keystrokes = session.keystrokes
        #expect(!flushes.isEmpty, "no flush during \(keystrokes.count) keystrokes")
        for flush in flushes {
            #expect(flush.value == flush.keystrokesSoFar.last, "a flush carried a stale value")
            let burst = keystrokes[flushes.last { $0.at < flush.at }?.keystrokesSoFar.count ?? 0]
            #expect(burst.at.duration(to: flush.at) >= Self.maxInterval)
        }
    }

    /// Types one keystroke every `interval` until the max interval has flushed.
    @Test func maxIntervalFlushesDuringAContinuousBurst() async throws {
        let legacy = Session()
        let legacyDebouncer = Legacy.Debouncer<String>(delay: Self.longDelay, maxInterval: Self.maxInterval) {
            dispatchPrecondition(condition: .onQueue(.main))
            legacy.flush($0)
        }
        for index in 1...Self.burstLimit where legacy.flushes.isEmpty {
            await withCheckedContinuation { done in
                DispatchQueue.main.async {
                    legacy.keystroke("k\(index)")
                    legacyDebouncer.call("k\(index)")
                    done.resume()
                }
            }
            try await Task.sleep(for: Self.interval)  // the typist's pace, not a synchronization
        }
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                legacyDebouncer.cancel()
                done.resume()
            }
        }
        try expectMaxIntervalFlushes(legacy)

        let modern = Session()
        let modernDebouncer = await MainActor.run {
            Modern.Debouncer<String>(delay: Self.longDelay, maxInterval: Self.maxInterval) { value in
                MainActor.assertIsolated()
                modern.flush(value)
            }
        }
        for index in 1...Self.burstLimit where modern.flushes.isEmpty {
            await MainActor.run {
                modern.keystroke("k\(index)")
                modernDebouncer.call("k\(index)")
            }
            try await Task.sleep(for: Self.interval)
        }
        await MainActor.run { modernDebouncer.cancel() }
        try expectMaxIntervalFlushes(modern)
    }

    @Test func cancelDropsThePendingCall() async throws {
        let legacy = Session()
        let legacyDebouncer = Self.legacyDebouncer(session: legacy)
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                legacyDebouncer.call("s")
                legacyDebouncer.cancel()
                done.resume()
            }
        }

        let modern = Session()
        let modernDebouncer = await Self.modernDebouncer(session: modern)
        await MainActor.run {
            modernDebouncer.call("s")
            modernDebouncer.cancel()
        }

        try await Task.sleep(for: Self.delay * 3)
        #expect(legacy.flushes.isEmpty)
        #expect(modern.flushes.isEmpty)
        extendLifetime(legacyDebouncer)
        extendLifetime(modernDebouncer)
    }

    /// The classic modern debounce bug, next to the recipe: with `try?`, every replaced task wakes
    /// at once and runs the action with its stale argument.
    @MainActor
    final class TrySleepDebouncer {
        private var pending: Task<Void, Never>?
        private(set) var tasks: [Task<Void, Never>] = []
        let action: @MainActor (String) -> Void

        init(action: @escaping @MainActor (String) -> Void) {
            self.action = action
        }

        func call(_ value: String) {
            pending?.cancel()
            let task = Task {
                try? await Task.sleep(for: DebouncerTests.delay)  // the bug: cancellation is swallowed
                action(value)
            }
            pending = task
            tasks.append(task)
        }
    }

    @MainActor
    @Test func trySleepSwallowsCancellation() async throws {
        let buggyFlushes = Recorder()
        let buggy = TrySleepDebouncer { buggyFlushes.log($0) }
        for value in Self.fiveKeystrokes { buggy.call(value) }
        for task in buggy.tasks { await task.value }
        #expect(buggyFlushes.lines.sorted() == Self.fiveKeystrokes.sorted())

        let session = Session()
        let debouncer = Self.modernDebouncer(session: session)
        for value in Self.fiveKeystrokes { debouncer.call(value) }
        await session.waitForFlush(of: "swift")
        try await Task.sleep(for: Self.delay * 3)
        #expect(session.flushes.map(\.value) == ["swift"])
    }

    @Test func aReleasedDebouncerNeverRunsItsPendingCall() async throws {
        let legacy = Session()
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                Self.legacyDebouncer(session: legacy).call("s")  // released at the end of this block
                done.resume()
            }
        }
        let modern = Session()
        await MainActor.run {
            Self.modernDebouncer(session: modern).call("s")
        }
        try await Task.sleep(for: Self.delay * 3)
        #expect(legacy.flushes.isEmpty)
        #expect(modern.flushes.isEmpty)
    }
}
