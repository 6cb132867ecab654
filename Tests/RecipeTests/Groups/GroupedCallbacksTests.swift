import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct GroupedCallbacksTests {
    static let urls = ["a.json", "b.json"].map { URL(string: "https://example.com/\($0)")! }
    static let missing = URL(string: "https://example.com/missing.json")!
    static let responses: [URL: Data] = [urls[0]: Data("12345".utf8), urls[1]: Data("123".utf8)]
    static let notify = "notify: every handler has run"
    static let handlers = ["handler: context saved", "handler: a.json 5 bytes", "handler: b.json 3 bytes"]
    static let failure = "handler: missing.json failed: no data for missing.json"

    static func legacyRun(_ urls: [URL]) async -> [String] {
        let recorder = Recorder()
        let fetcher = Legacy.GroupedCallbacks.Fetcher(responses: responses, latency: .milliseconds(2))
        await withCheckedContinuation { done in
            Legacy.GroupedCallbacks.saveAndFetch(
                urls, context: .init(), fetcher: fetcher, log: recorder.logger
            ) {
                dispatchPrecondition(condition: .onQueue(.main))
                done.resume()
            }
        }
        return recorder.lines
    }

    static func modernRun(_ urls: [URL]) async -> [String] {
        let recorder = Recorder()
        let fetcher = Modern.GroupedCallbacks.Fetcher(responses: responses, latency: .milliseconds(2))
        await Modern.GroupedCallbacks.saveAndFetch(urls, context: .init(), fetcher: fetcher, log: recorder.logger)
        return recorder.lines
    }

    @Test(arguments: 0..<5)
    func everyHandlerRunsBeforeNotify(_ run: Int) async {
        for lines in [await Self.legacyRun(Self.urls), await Self.modernRun(Self.urls)] {
            #expect(lines.sorted() == (Self.handlers + [Self.notify]).sorted())
            #expect(lines.last == Self.notify)
        }
    }

    @Test func aFailedRequestReachesItsHandlerAndStillNotifies() async {
        let urls = Self.urls + [Self.missing]
        for lines in [await Self.legacyRun(urls), await Self.modernRun(urls)] {
            #expect(lines.sorted() == (Self.handlers + [Self.failure, Self.notify]).sorted())
            #expect(lines.last == Self.notify)
        }
    }

    @Test func legacyNilGroupCallsEachHandlerExactlyOnce() async throws {
        let calls = Recorder()
        let fetcher = Legacy.GroupedCallbacks.Fetcher(responses: Self.responses)
        let context = Legacy.GroupedCallbacks.Context()
        await withCheckedContinuation { done in
            let group = DispatchGroup()  // the test's own, to know when both have called back
            group.enter()
            group.enter()
            fetcher.send(Self.urls[0], in: nil) { data, error in
                calls.log("send \(data?.count ?? -1) \(error == nil)")
                group.leave()
            }
            context.perform(in: nil) {
                calls.log("perform")
                group.leave()
            }
            group.notify(queue: .global()) { done.resume() }
        }
        try await Task.sleep(for: .milliseconds(30))  // a second call must not arrive
        #expect(calls.lines.sorted() == ["perform", "send 5 true"])
    }

    @Test func modernBridgesReturnTheValueOrThrowTheError() async throws {
        let fetcher = Modern.GroupedCallbacks.Fetcher(responses: Self.responses)
        #expect(try await fetcher.send(Self.urls[1]) == Data("123".utf8))
        await #expect(throws: Modern.GroupedCallbacks.Fetcher.NotFound.self) {
            try await fetcher.send(Self.missing)
        }
        #expect(await Modern.GroupedCallbacks.Context().perform { 6 * 7 } == 42)
    }

    @Test func legacyWrapperLeavesAfterTheHandlerEvenWhenTheHandlerIsSlow() async {
        let recorder = Recorder()
        let fetcher = Legacy.GroupedCallbacks.Fetcher(responses: Self.responses)
        await withCheckedContinuation { done in
            let group = DispatchGroup()
            fetcher.send(Self.urls[0], in: group) { _, _ in
                usleep(20_000)
                recorder.log("handler")
            }
            group.notify(queue: .main) {
                recorder.log("notify")
                done.resume()
            }
        }
        #expect(recorder.lines == ["handler", "notify"])
    }

    /// The mistake the classic wrappers avoid: `leave()` before the handler. The handler here waits for the
    /// notify, which can only arrive because the group was already left.
    @Test func legacyLeavingBeforeTheHandlerLetsNotifyOvertakeIt() async {
        let recorder = Recorder()
        let fetcher = Legacy.GroupedCallbacks.Fetcher(responses: Self.responses)
        let notified = DispatchSemaphore(value: 0)
        await withCheckedContinuation { done in
            let group = DispatchGroup()
            group.enter()
            fetcher.send(Self.urls[0]) { _, _ in
                group.leave()  // Wrong: before the handler
                notified.wait()
                recorder.log("handler")
                done.resume()
            }
            group.notify(queue: .main) {
                recorder.log("notify")
                notified.signal()
            }
        }
        #expect(recorder.lines == ["notify", "handler"])
    }

    /// The blocks reach the serial context in the array's order, so they run in it: every call is
    /// made on the caller, in the loop, before the next child is added. With `addTask` the children
    /// make their calls when they first run, and on this 2-core machine 50 blocks came out of order
    /// in most runs of 20 (tried by swapping `addImmediateTask` for `addTask`).
    @Test(arguments: 0..<20) func immediateChildrenMakeTheirCallsInTheLoopsOrder(run: Int) async {
        let ran = Locked<[Int]>([])
        let blocks: [@Sendable () -> Int] = (0..<50).map { index in
            { ran.withLock { $0.append(index) }; return index * 2 }
        }
        let results = await Modern.GroupedCallbacks.performInOrder(blocks, on: .init())
        #expect(ran.withLock { $0 } == Array(0..<50))
        #expect(results == (0..<50).map { $0 * 2 })
    }
}
