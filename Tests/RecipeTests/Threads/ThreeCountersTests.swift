import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct ThreeCountersTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    enum Form: String, CaseIterable, Sendable {
        case oneAfterAnother, twoAndTheCaller, allThree
    }

    /// Lines with the thread each was logged on. A thread is named by a token kept in its thread
    /// dictionary: unlike its address, a token is never reused by a later thread.
    final class ThreadLog: Sendable {
        private let entries = Locked<[(line: String, thread: String)]>([])

        var logger: @Sendable (String) -> Void {
            { [self] line in
                let thread = threadToken()
                entries.withLock { $0.append((line, thread)) }
            }
        }

        var lines: [String] { entries.withLock { $0.map(\.line) } }

        /// The threads that logged lines starting with `prefix`.
        func threads(of prefix: String) -> Set<String> {
            entries.withLock { Set($0.filter { $0.line.hasPrefix(prefix) }.map(\.thread)) }
        }
    }

    /// Runs one form on one side, counting to `limit`; returns the token of the caller's thread (the
    /// legacy driver thread; nil for the modern side, whose caller is a task).
    @discardableResult
    static func run(
        _ side: Side, _ form: Form, upTo limit: Int, log: @escaping @Sendable (String) -> Void
    ) async -> String? {
        switch side {
        case .legacy:
            return await onOwnThread {
                switch form {
                case .oneAfterAnother: Legacy.ThreeCounters.oneAfterAnother(upTo: limit, log: log)
                case .twoAndTheCaller: Legacy.ThreeCounters.twoThreadsAndTheCaller(upTo: limit, log: log)
                case .allThree: Legacy.ThreeCounters.threeThreads(upTo: limit, log: log)
                }
                return threadToken()
            }
        case .modern:
            switch form {
            case .oneAfterAnother: await Modern.ThreeCounters.oneAfterAnother(upTo: limit, log: log)
            case .twoAndTheCaller: await Modern.ThreeCounters.twoChildrenAndTheCaller(upTo: limit, log: log)
            case .allThree: await Modern.ThreeCounters.threeChildren(upTo: limit, log: log)
            }
            return nil
        }
    }

    static let names = ["First", "Second", "Third"]

    @Test(arguments: Side.allCases)
    func oneAfterAnotherLogsEachCounterInTurn(_ side: Side) async {
        let recorder = Recorder()
        await Self.run(side, .oneAfterAnother, upTo: 1000, log: recorder.logger)
        #expect(recorder.lines == Self.names.flatMap { name in (0..<1000).map { "\(name) Counter = \($0)" } })
    }

    /// At once, each counter's lines keep their order; the interleaving is not asserted.
    @Test(arguments: Side.allCases, [Form.twoAndTheCaller, .allThree])
    func atOnceEachCounterKeepsItsOwnOrder(_ side: Side, form: Form) async {
        let recorder = Recorder()
        await Self.run(side, form, upTo: 1000, log: recorder.logger)
        let lines = recorder.lines
        #expect(lines.count == 3000)
        for name in Self.names {
            #expect(lines.filter { $0.hasPrefix("\(name) Counter") } == (0..<1000).map { "\(name) Counter = \($0)" })
        }
    }

    /// The legacy counters each get a thread created for them (the two-thread form counts the
    /// third on the caller's). Which pool threads run the modern children, and how many over a
    /// run, is the runtime's business: a pool thread that idles out is replaced (three were seen
    /// on two cores under ThreadSanitizer), so nothing is asserted about them.
    @Test func legacyStartsAThreadPerCounter() async throws {
        let legacyAll = ThreadLog()
        let caller = try #require(await Self.run(.legacy, .allThree, upTo: 200, log: legacyAll.logger))
        let legacyThreads = Self.names.map { legacyAll.threads(of: $0) }
        #expect(legacyThreads.allSatisfy { $0.count == 1 })
        #expect(Set(legacyThreads.flatMap { $0 }).count == 3)
        #expect(!legacyThreads.contains { $0.contains(caller) })

        let legacyTwo = ThreadLog()
        let twoCaller = try #require(await Self.run(.legacy, .twoAndTheCaller, upTo: 200, log: legacyTwo.logger))
        #expect(legacyTwo.threads(of: "Third") == [twoCaller])
        #expect(Set(Self.names.flatMap { legacyTwo.threads(of: $0) }).count == 3)

    }

    @Test(arguments: Side.allCases, Form.allCases)
    func threadCountReturnsToWhereItStarted(_ side: Side, form: Form) async throws {
        await Self.run(side, form, upTo: 10, log: { _ in })  // warm up: the pool and the driver thread
        let before = try #require(await ProcessThreads.settled(atMost: 0, patience: .zero))
        await Self.run(side, form, upTo: 100, log: { _ in })
        let after = try #require(await ProcessThreads.settled(atMost: before))
        #expect(after <= before)
    }
}

/// A token for the calling thread, kept in its thread dictionary (a synchronous function, so
/// async code can call it).
private func threadToken() -> String {
    let dictionary = Thread.current.threadDictionary
    if let token = dictionary["ThreeCountersTests.token"] as? String { return token }
    let token = UUID().uuidString
    dictionary["ThreeCountersTests.token"] = token
    return token
}
