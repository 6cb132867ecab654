import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct BatchWaiterTests {
    static let urls = ["a", "b", "c"].map { URL(string: "https://example.com/\($0).jpg")! }
    static let responses = Dictionary(uniqueKeysWithValues: urls.map { ($0, Data($0.lastPathComponent.utf8)) })
    static let timeout = Duration.milliseconds(30)

    /// Runs the legacy batch and returns every completion call (there must be exactly one).
    static func runLegacy(
        timeout: Duration = .seconds(60),
        load: @escaping @Sendable (URL, @escaping @Sendable (Result<Data, any Error>) -> Void) -> Void
    ) async -> (result: DispatchTimeoutResult, loaded: Int) {
        await withCheckedContinuation { done in
            Legacy.BatchWaiter.loadAll(urls, timeout: timeout, load: load) { result, loaded in
                dispatchPrecondition(condition: .onQueue(.main))
                done.resume(returning: (result, loaded))
            }
        }
    }

    @Test func legacyCallsCompletionOnceOnMainAfterAllThreeWithTheWaitOffMain() async throws {
        let loader = FakeLoader(responses: Self.responses, latency: .milliseconds(5))
        let completions = Recorder()
        let (result, loaded) = await withCheckedContinuation { done in
            Legacy.BatchWaiter.loadAll(
                Self.urls,
                timeout: .seconds(60),
                load: { url, completion in
                    dispatchPrecondition(condition: .notOnQueue(.main))  // started (and waited for) off main
                    loader.load(url, completion: completion)
                },
                completion: { result, loaded in
                    dispatchPrecondition(condition: .onQueue(.main))
                    completions.log("completion")
                    done.resume(returning: (result, loaded))
                }
            )
        }
        #expect(result == .success)
        #expect(loaded == 3)
        #expect(loader.requests.count == 3)
        try await Task.sleep(for: .milliseconds(30))  // a second completion must not arrive
        #expect(completions.lines == ["completion"])
    }

    @MainActor @Test func modernLoadsAllThreeAndResumesOnTheMainActor() async throws {
        let loader = FakeLoader(responses: Self.responses, latency: .milliseconds(5))
        let loaded = try await Modern.BatchWaiter.loadAll(Self.urls, timeout: .seconds(60), load: loader.load)
        MainActor.assertIsolated()
        #expect(loaded == 3)
        #expect(Set(loader.requests) == Set(Self.urls))
    }

    @Test func bothSidesCountOnlyTheLoadsThatSucceeded() async throws {
        let loader = FakeLoader(responses: Self.responses, failing: [Self.urls[0]], latency: .milliseconds(5))
        let legacy = await Self.runLegacy { url, completion in loader.load(url, completion: completion) }
        #expect(legacy.result == .success)
        #expect(legacy.loaded == 2)
        #expect(try await Modern.BatchWaiter.loadAll(Self.urls, timeout: .seconds(60), load: loader.load) == 2)
    }

    @Test func legacyWaitTimesOutWhenALoadNeverCompletes() async {
        let loader = FakeLoader(responses: Self.responses)
        let clock = ContinuousClock()
        let start = clock.now
        let (result, _) = await Self.runLegacy(timeout: Self.timeout) { url, completion in
            guard url != Self.urls[2] else { return }  // never calls back
            loader.load(url, completion: completion)
        }
        #expect(result == .timedOut)
        #expect(clock.now - start >= Self.timeout)
    }

    @Test func modernThrowsTimeoutErrorWhenALoadNeverCompletes() async {
        let loader = FakeLoader(responses: Self.responses)
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: TimeoutError(timeout: Self.timeout)) {
            try await Modern.BatchWaiter.loadAll(Self.urls, timeout: Self.timeout) { url in
                if url == Self.urls[2] { try await Task.sleep(for: .seconds(3600)) }
                return try await loader.load(url)
            }
        }
        #expect(clock.now - start >= Self.timeout)
    }

    @Test func modernCancelsTheStragglerOnTimeout() async {
        let events = Recorder()
        await #expect(throws: TimeoutError.self) {
            try await Modern.BatchWaiter.loadAll(Self.urls, timeout: Self.timeout) { url in
                guard url == Self.urls[2] else { return Data() }
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    events.log("straggler cancelled")
                    throw error
                }
                return Data()
            }
        }
        // The group waited for the straggler, so its cancellation is already recorded.
        #expect(events.lines == ["straggler cancelled"])
    }

    @Test func legacyLeavesTheStragglerRunning() async {
        let events = Recorder()
        let gate = DispatchSemaphore(value: 0)
        let stragglerDone = AsyncStream.makeStream(of: Void.self)
        let (result, _) = await Self.runLegacy(timeout: Self.timeout) { url, completion in
            guard url == Self.urls[2] else { return completion(.success(Data())) }
            DispatchQueue.global().async {
                gate.wait()  // the slow load: it finishes when the test says so
                events.log("straggler finished")
                completion(.success(Data()))
                stragglerDone.continuation.yield()
            }
        }
        #expect(result == .timedOut)
        events.log("reported")
        gate.signal()
        for await _ in stragglerDone.stream { break }
        // Nothing told the straggler to stop: it ran to the end after the report.
        #expect(events.lines == ["reported", "straggler finished"])
    }
}
