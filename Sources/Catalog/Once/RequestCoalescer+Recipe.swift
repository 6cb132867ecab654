import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let requestCoalescing = Recipe(
        id: "request-coalescing",
        title: "Many callers, one load per key",
        chapter: .once,
        sources: [
            "Seen in real code: SDWebImage SDWebImage/SDWebImageDownloader.m; kean/Nuke Sources/Deduplicator.swift; Alamofire Source/Features/RequestDeduplicator.swift"
        ],
        file: "Once/RequestCoalescer.swift",
        apis: [
            APIMapping("async(flags: .barrier)", "actor method"),
            APIMapping("DispatchQueue(label:attributes: .concurrent)", "actor (reads are serialised too)"),
            APIMapping(
                "DispatchQueue.sync",
                "`await` on the actor; each caller's continuation waits on the one load task and is withdrawn when the caller is cancelled"),
        ],
        prose: Articles.recipe("request-coalescing"),
        replaces: [.barrier, .concurrentQueue, .queueSync],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["loads", "received", "distinctValues", "loadsAfterALaterRequest"])],
                legacy: { context in
                    let fake = FakeLoader(responses: [avatarURL: Data("avatar".utf8)])
                    let watch = CoalescingWatch(log: context.log)
                    watch.when("joined", count: 9) { watch.open() }
                    let coalescer = Legacy.RequestCoalescer<URL, Data>(log: watch.log) { url, completion in
                        watch.whenOpen { fake.load(url, completion: completion) }
                    }
                    let values = await onOwnThread {
                        let values = ValuesSeen()
                        let everyone = DispatchGroup()
                        DispatchQueue.concurrentPerform(iterations: 10) { _ in
                            everyone.enter()
                            coalescer.value(for: avatarURL) { result in
                                values.append(result)
                                everyone.leave()
                            }
                        }
                        everyone.wait()
                        return values.all
                    }
                    CoalescingReport.recordConcurrent(values, loads: fake.requests.count, in: context)
                    let later = await withCheckedContinuation { done in
                        coalescer.value(for: avatarURL) { done.resume(returning: $0) }
                    }
                    CoalescingReport.recordLater(later, loads: fake.requests.count, in: context)
                },
                modern: { context in
                    let fake = FakeLoader(responses: [avatarURL: Data("avatar".utf8)])
                    let watch = CoalescingWatch(log: context.log)
                    watch.when("joined", count: 9) { watch.open() }
                    let coalescer = Modern.RequestCoalescer<URL, Data>(log: watch.log) { url in
                        await watch.untilOpen()
                        return try await fake.load(url)
                    }
                    let values = await withTaskGroup(of: Result<Data, any Error>.self) { group in
                        for _ in 0..<10 {
                            group.addTask { await result { try await coalescer.value(for: avatarURL) } }
                        }
                        return await group.reduce(into: []) { $0.append($1) }
                    }
                    CoalescingReport.recordConcurrent(values, loads: fake.requests.count, in: context)
                    let later = await result { try await coalescer.value(for: avatarURL) }
                    CoalescingReport.recordLater(later, loads: fake.requests.count, in: context)
                }
            ),
            Scenario(
                "one waiter cancelled",
                rules: [.invariant(["loads", "othersReceived", "loadCancelled"])],
                legacy: { context in
                    let fake = FakeLoader(responses: [avatarURL: Data("avatar".utf8)])
                    let watch = CoalescingWatch(log: context.log)
                    let coalescer = Legacy.RequestCoalescer<URL, Data>(log: watch.log) { url, completion in
                        watch.whenOpen { fake.load(url, completion: completion) }
                    }
                    let first = coalescer.value(for: avatarURL) { _ in }
                    async let second = withCheckedContinuation { done in
                        coalescer.value(for: avatarURL) { done.resume(returning: $0) }
                    }
                    async let third = withCheckedContinuation { done in
                        coalescer.value(for: avatarURL) { done.resume(returning: $0) }
                    }
                    await watch.until("joined", count: 2)
                    first.cancel()
                    watch.open()
                    let others = await [second, third]
                    CoalescingReport.recordCancellation(
                        others: others,
                        loads: fake.requests.count,
                        loadCancelled: false,  // nothing in the legacy coalescer can cancel a load
                        in: context
                    )
                },
                modern: { context in
                    let fake = FakeLoader(responses: [avatarURL: Data("avatar".utf8)])
                    let watch = CoalescingWatch(log: context.log)
                    let loadCancelled = CancellationSeen()
                    let coalescer = Modern.RequestCoalescer<URL, Data>(log: watch.log) { url in
                        await watch.untilOpen()
                        loadCancelled.record(Task.isCancelled)
                        return try await fake.load(url)
                    }
                    let first = Task { try await coalescer.value(for: avatarURL) }
                    await watch.until("load started", count: 1)
                    async let second = result { try await coalescer.value(for: avatarURL) }
                    async let third = result { try await coalescer.value(for: avatarURL) }
                    await watch.until("joined", count: 2)
                    first.cancel()
                    watch.open()
                    let others = await [second, third]
                    _ = await first.result
                    CoalescingReport.recordCancellation(
                        others: others,
                        loads: fake.requests.count,
                        loadCancelled: loadCancelled.value,
                        in: context
                    )
                }
            ),
        ]
    )
}

private let avatarURL = URL(string: "https://example.com/avatar.png")!

/// What both sides log and record.
private enum CoalescingReport {
    static func recordConcurrent(_ results: [Result<Data, any Error>], loads: Int, in context: RunContext) {
        let values = results.compactMap { try? $0.get() }
        context.log(
            "\(values.count) concurrent callers received \(Set(values).count) distinct value(s) from \(loads) load(s)")
        context.record("loads", loads)
        context.record("received", values.count)
        context.record("distinctValues", Set(values).count)
    }

    static func recordLater(_ result: Result<Data, any Error>, loads: Int, in context: RunContext) {
        let received = (try? result.get()) != nil
        context.log("a request after completion: \(received ? "received" : "failed"), \(loads) load(s) in all")
        context.record("loadsAfterALaterRequest", loads)
    }

    static func recordCancellation(
        others: [Result<Data, any Error>],
        loads: Int,
        loadCancelled: Bool,
        in context: RunContext
    ) {
        let received = others.filter { (try? $0.get()) != nil }.count
        context.log("first waiter cancelled; \(received) other waiter(s) received the value from \(loads) load(s)")
        context.log("the shared load was cancelled: \(loadCancelled)")
        context.record("loads", loads)
        context.record("othersReceived", received)
        context.record("loadCancelled", loadCancelled)
    }
}

/// Watches a coalescer's log and holds its fake load until the scenario opens the gate, so that
/// every caller has joined before the load can finish.
private final class CoalescingWatch: Sendable {
    private struct Watcher {
        let prefix: String
        let count: Int
        let action: @Sendable () -> Void
    }

    private struct State {
        var lines: [String] = []
        var watchers: [Watcher] = []
        var isOpen = false
        var whenOpen: [@Sendable () -> Void] = []

        /// Removes and returns the watchers whose count has been reached.
        mutating func takeDue() -> [Watcher] {
            let lines = lines
            let isDue = { (watcher: Watcher) in lines.count { $0.hasPrefix(watcher.prefix) } >= watcher.count }
            let due = watchers.filter(isDue)
            watchers.removeAll(where: isDue)
            return due
        }
    }

    private let state = Locked(State())
    private let passOn: @Sendable (String) -> Void

    init(log: @escaping @Sendable (String) -> Void) {
        self.passOn = log
    }

    /// The log to give the coalescer: passes each line on, then runs the watchers it satisfies.
    var log: @Sendable (String) -> Void {
        { [self] line in
            passOn(line)
            let due = state.withLock { state in
                state.lines.append(line)
                return state.takeDue()
            }
            for watcher in due { watcher.action() }
        }
    }

    /// Runs `action` once `count` lines starting with `prefix` have been logged in all.
    func when(_ prefix: String, count: Int, _ action: @escaping @Sendable () -> Void) {
        let due = state.withLock { state in
            state.watchers.append(Watcher(prefix: prefix, count: count, action: action))
            return state.takeDue()
        }
        for watcher in due { watcher.action() }
    }

    func until(_ prefix: String, count: Int) async {
        await withCheckedContinuation { done in when(prefix, count: count) { done.resume() } }
    }

    func open() {
        let blocks = state.withLock { state in
            state.isOpen = true
            defer { state.whenOpen = [] }
            return state.whenOpen
        }
        for block in blocks { block() }
    }

    /// Runs `block` when the gate opens (at once if it is open).
    func whenOpen(_ block: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if !state.isOpen { state.whenOpen.append(block) }
            return state.isOpen
        }
        if runNow { block() }
    }

    func untilOpen() async {
        await withCheckedContinuation { done in whenOpen { done.resume() } }
    }
}

/// Whether the shared load saw its task cancelled.
private final class CancellationSeen: Sendable {
    private let seen = Locked(false)
    func record(_ cancelled: Bool) { seen.withLock { $0 = $0 || cancelled } }
    var value: Bool { seen.withLock { $0 } }
}

/// `Result(catching:)` for async code.
private func result<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

/// The results that concurrent legacy callers received.
private final class ValuesSeen: Sendable {
    private let results = Locked<[Result<Data, any Error>]>([])
    func append(_ result: Result<Data, any Error>) { results.withLock { $0.append(result) } }
    var all: [Result<Data, any Error>] { results.withLock { $0 } }
}
