import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct WhereItRunsTests {
    static let tenPlaces = [
        "caller: main", "helper: main", "helper: Database", "crunch: background", "caller's next line",
        "deferred: main", "background work: background", "UI update: main", "started: main", "caller's next line",
    ]

    /// Runs `body` on the main queue and returns when it calls its completion.
    static func onMainQueue(_ body: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) async {
        await withCheckedContinuation { done in
            DispatchQueue.main.async { body { done.resume() } }
        }
    }

    @Test func legacyLogsTheTenPlacesInOrder() async {
        let recorder = Recorder()
        await Self.onMainQueue { done in Legacy.WhereItRuns.run(log: recorder.logger, completion: done) }
        #expect(recorder.lines == Self.tenPlaces)
    }

    @Test func modernLogsTheTenPlacesInOrder() async {
        let recorder = Recorder()
        await Modern.WhereItRuns.run(log: recorder.logger)
        #expect(recorder.lines == Self.tenPlaces)
    }

    @Test func legacyHelperRunsOnTheQueueThatCallsIt() async {
        let recorder = Recorder()
        let queue = Legacy.WhereItRuns.namedQueue("Cache")
        queue.sync { Legacy.WhereItRuns.helper(log: recorder.logger) }
        await Self.onMainQueue { done in
            Legacy.WhereItRuns.helper(log: recorder.logger)
            done()
        }
        #expect(recorder.lines == ["helper: Cache", "helper: main"])
    }

    @Test func modernHelperRunsOnTheActorThatCallsIt() async {
        let recorder = Recorder()
        await Database().callHelper(log: recorder.logger)
        await MainActor.run {}  // nothing pending on main
        await Self.helperOnMain(log: recorder.logger)
        await Self.helperOffAnyActor(log: recorder.logger)
        #expect(recorder.lines == ["helper: Database", "helper: main", "helper: background"])
    }

    @MainActor static func helperOnMain(log: @escaping @Sendable (String) -> Void) async {
        await Modern.WhereItRuns.helper(log: log)
    }

    @concurrent static func helperOffAnyActor(log: @escaping @Sendable (String) -> Void) async {
        await Modern.WhereItRuns.helper(log: log)
    }

    /// Declared difference: nothing moves a legacy main-only function to main; the caller must hop.
    @Test func legacyFunctionCalledFromAGlobalQueueRunsThere() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            DispatchQueue.global().async {
                Legacy.WhereItRuns.startNow(log: recorder.logger)
                done.resume()
            }
        }
        #expect(recorder.lines == ["started: background"])
    }

    /// Declared difference: the compiler hops to the main actor for a `@MainActor` method.
    @Test func modernMainActorMethodRunsOnMainFromADetachedTask() async {
        let recorder = Recorder()
        await Task.detached {
            recorder.log("detached: \(Modern.WhereItRuns.place())")
            await Modern.WhereItRuns.showResult(log: recorder.logger)
        }.value
        #expect(recorder.lines == ["detached: background", "UI update: main"])
    }

    @Test func legacyMainAsyncFromMainRunsAfterTheCallersNextLine() async {
        let recorder = Recorder()
        await Self.onMainQueue { done in
            Legacy.WhereItRuns.deferOnMain(log: recorder.logger, completion: done)
            recorder.log("caller's next line")
        }
        #expect(recorder.lines == ["caller's next line", "deferred: main"])
    }

    @Test func modernTaskFromMainRunsAfterTheCallersNextLineAndImmediateBefore() async {
        let recorder = Recorder()
        let (deferred, started) = await MainActor.run {
            let deferred = Modern.WhereItRuns.deferOnMain(log: recorder.logger)
            recorder.log("after deferOnMain")
            let started = Modern.WhereItRuns.startNow(log: recorder.logger)
            recorder.log("after startNow")
            return (deferred, started)
        }
        await deferred.value
        await started.value
        #expect(recorder.lines == ["after deferOnMain", "started: main", "after startNow", "deferred: main"])
    }

    /// The helper and `@concurrent` work run in the caller's task: they see its cancellation.
    @Test func helperAndConcurrentWorkSeeTheCallersCancellation() async {
        let recorder = Recorder()
        let log: @Sendable (String) -> Void = { recorder.log($0 + (Task.isCancelled ? " (cancelled)" : "")) }
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await Modern.WhereItRuns.helper(log: log)
            await Modern.WhereItRuns.crunch(log: log)
        }.value
        #expect(recorder.lines == ["helper: background (cancelled)", "crunch: background (cancelled)"])
    }

    @Test func aDetachedTaskDoesNotInheritCancellation() async {
        let recorder = Recorder()
        let log: @Sendable (String) -> Void = { recorder.log($0 + (Task.isCancelled ? " (cancelled)" : "")) }
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await Modern.WhereItRuns.updateFromBackground(log: log).value
        }.value
        #expect(recorder.lines == ["background work: background", "UI update: main"])
    }

    /// Bad input: a queue the key was never set on, even a serial one, reads as "background".
    @Test func legacyAQueueWithoutTheKeyReadsAsBackground() {
        let recorder = Recorder()
        DispatchQueue(label: "someone.elses.queue").sync { Legacy.WhereItRuns.helper(log: recorder.logger) }
        #expect(recorder.lines == ["helper: background"])
    }

    /// Bad input: an explicit `nil` isolation is the global executor, whatever the caller is.
    @Test @MainActor func modernAnExplicitNilIsolationReadsAsBackground() {
        #expect(Modern.WhereItRuns.place() == "main")
        #expect(Modern.WhereItRuns.place(nil) == "background")
    }
}
