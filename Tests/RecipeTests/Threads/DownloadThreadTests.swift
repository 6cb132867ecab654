import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct DownloadThreadTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    enum Form: String, CaseIterable, Sendable {
        case detached, configured
    }

    static let url = URL(string: "http://www.OReilly.com")!

    /// Runs one form on one side against `loader`; the UI update is checked by the sink (it traps
    /// off the main queue or the main actor).
    static func run(_ side: Side, _ form: Form, loader: FakeLoader, log: @escaping @Sendable (String) -> Void) async {
        let sink = UISink(log: log)
        switch side {
        case .legacy:
            let show: @Sendable (String) -> Void = { sink.showFromMainQueue($0) }
            await withCheckedContinuation { done in
                switch form {
                case .detached:
                    Legacy.DownloadThread.detach(
                        url, load: loader.loadBlocking, log: log, show: show, done: { done.resume() })
                case .configured:
                    Legacy.DownloadThread.start(
                        url, load: loader.loadBlocking, log: log, show: show, done: { done.resume() })
                }
            }
        case .modern:
            let show: @MainActor @Sendable (String) -> Void = { sink.show($0) }
            switch form {
            case .detached: await Modern.DownloadThread.detached(url, load: loader.load, log: log, show: show)
            case .configured: await Modern.DownloadThread.structured(url, load: loader.load, log: log, show: show)
            }
        }
    }

    @Test(arguments: Side.allCases, Form.allCases)
    func theEntryPointRunsOnceWithItsArgumentThenTheUIUpdates(_ side: Side, form: Form) async {
        let loader = FakeLoader(responses: [Self.url: Data(count: 512)], latency: .milliseconds(5))
        let recorder = Recorder()
        await Self.run(side, form, loader: loader, log: recorder.logger)
        #expect(recorder.lines == ["downloaded 512 bytes", "UI updated"])
        #expect(loader.requests == [Self.url])
    }

    @Test(arguments: Side.allCases, Form.allCases)
    func aFailedLoadStillUpdatesTheUI(_ side: Side, form: Form) async {
        let loader = FakeLoader(responses: [:])
        let recorder = Recorder()
        await Self.run(side, form, loader: loader, log: recorder.logger)
        #expect(recorder.lines == ["download failed: failed to load http://www.OReilly.com", "UI updated"])
    }

    @Test func legacyConfiguredThreadKeepsItsSettings() async {
        let seen = Locked<(stack: Int, quality: QualityOfService)?>(nil)
        await withCheckedContinuation { done in
            let thread = Legacy.DownloadThread.start(
                Self.url, stackSize: 1 << 20, load: { _ in Data() }, log: { _ in }, show: { _ in },
                done: { done.resume() })
            seen.withLock { $0 = (thread.stackSize, thread.qualityOfService) }
        }
        #expect(seen.withLock { $0?.stack } == 1 << 20)
        #expect(seen.withLock { $0?.quality } == .utility)
    }

    /// A dropped handle neither cancels a task nor stops it: it runs to its end, and nobody can
    /// await it any more.
    @Test func aDroppedTaskHandleStillRunsToTheEnd() async {
        let (finished, signal) = AsyncStream.makeStream(of: Bool.self)
        do {
            _ = Task.detached {
                await Task.yield()
                signal.yield(Task.isCancelled)
                signal.finish()
            }
        }
        var wasCancelled: [Bool] = []
        for await cancelled in finished { wasCancelled.append(cancelled) }
        #expect(wasCancelled == [false])
    }

    /// Linux: a name set before `start()` is lost. In the thread, `Thread.current.name` is whatever
    /// the system has, which is inherited from the thread that called `start()`.
    @Test func legacyNameSetBeforeStartIsLost() async {
        let seen = await withCheckedContinuation { (done: CheckedContinuation<(String?, String), Never>) in
            let thread = Thread {
                done.resume(returning: (Thread.current.name, systemThreadName()))
            }
            thread.name = "downloader"
            thread.start()
        }
        #expect(seen.0 != "downloader")
        #expect(seen.1 != "downloader")
    }
}

/// The calling thread's name as the system knows it (`/proc/thread-self/comm`, which `top -H`
/// and debuggers show).
private func systemThreadName() -> String {
    let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return comm.trimmingCharacters(in: .newlines)
}
