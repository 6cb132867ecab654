import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct FooBarModelTests {
    static let expected = ["foo: 42", "bar: 1"]

    /// (foo's work, bar's work) in milliseconds: either may finish first.
    static let timings: [(Int, Int)] = [(0, 0), (10, 0), (0, 10)]

    @Test(arguments: timings)
    func legacyLogsFooThenBarAfterBothUpdates(_ fooMs: Int, _ barMs: Int) async {
        let recorder = Recorder()
        let model = Legacy.FooBarModel(
            doSomeFoo: { usleep(UInt32(fooMs * 1000)) },
            doSomeBar: { usleep(UInt32(barMs * 1000)) }
        )
        let values = await withCheckedContinuation { done in
            model.update(log: recorder.logger) {
                dispatchPrecondition(condition: .onQueue(.main))
                done.resume(returning: (model.foo, model.bar))  // read on the main queue
            }
        }
        #expect(recorder.lines == Self.expected)
        #expect(values == (42, 1))
    }

    @Test(arguments: timings)
    func modernLogsFooThenBarAfterBothUpdates(_ fooMs: Int, _ barMs: Int) async {
        let recorder = Recorder()
        let model = await Modern.FooBarModel(
            doSomeFoo: { try? await Task.sleep(for: .milliseconds(fooMs)) },
            doSomeBar: { try? await Task.sleep(for: .milliseconds(barMs)) }
        )
        await model.update(log: recorder.logger)
        #expect(recorder.lines == Self.expected)
        #expect(await model.foo == 42)
        #expect(await model.bar == 1)
    }

    @Test func bothSidesRunTheBackgroundWorkOffMain() async {
        let legacy = Legacy.FooBarModel(
            doSomeFoo: { dispatchPrecondition(condition: .notOnQueue(.main)) },
            doSomeBar: { dispatchPrecondition(condition: .notOnQueue(.main)) }
        )
        await withCheckedContinuation { done in legacy.update(log: { _ in }) { done.resume() } }
        let modern = await Modern.FooBarModel(
            doSomeFoo: { dispatchPrecondition(condition: .notOnQueue(.main)) },
            doSomeBar: { dispatchPrecondition(condition: .notOnQueue(.main)) }
        )
        await modern.update(log: { _ in })
        #expect(await modern.foo == 42)
    }

    @Test func modernReportsAfterBothUpdatesWhateverTheTiming() async {
        let recorder = Recorder()
        let fooGate = AsyncStream.makeStream(of: Void.self)
        let barDone = AsyncStream.makeStream(of: Void.self)
        let model = await Modern.FooBarModel(
            doSomeFoo: { for await _ in fooGate.stream { break } },
            doSomeBar: { barDone.continuation.yield() }
        )
        let update = Task { await model.update(log: recorder.logger) }
        for await _ in barDone.stream { break }
        #expect(recorder.lines.isEmpty)  // bar's work is done, foo's is held: no report yet
        fooGate.continuation.yield()
        await update.value
        #expect(recorder.lines == Self.expected)
    }

    /// The mistake: the update is sent from a callback, after the outer block has left the
    /// group, with a plain `main.async`. Nothing counts it, so the notify runs first.
    @Test func legacyHopOutsideTheGroupLetsNotifyRunFirst() async {
        let recorder = Recorder()
        let model = MainQueueBox()
        let gate = DispatchSemaphore(value: 0)
        let updated = AsyncStream.makeStream(of: Void.self)
        // A callback API: the work finishes (and calls back) when the test opens the gate.
        let doSomeFoo: @Sendable (@escaping @Sendable () -> Void) -> Void = { completion in
            DispatchQueue.global().async {
                gate.wait()
                completion()
            }
        }
        await withCheckedContinuation { (notified: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                doSomeFoo {
                    DispatchQueue.main.async {  // Wrong: no `group:`, and too late anyway
                        model.foo = 42
                        recorder.log("late update: foo = \(model.foo)")
                        updated.continuation.yield()
                    }
                }
            }
            group.notify(queue: .main) {
                recorder.log("foo: \(model.foo)")
                notified.resume()
            }
        }
        gate.signal()
        for await _ in updated.stream { break }
        #expect(recorder.lines == ["foo: 0", "late update: foo = 42"])
    }

    /// In the classic example's exact shape a plain `main.async` is queued before the outer block leaves,
    /// so the FIFO main queue runs it before a main-queue notify: the missing `group:` hides.
    @Test func legacyPlainMainAsyncInTheClassicShapeIsSavedByTheFIFOMainQueue() async {
        let recorder = Recorder()
        let model = MainQueueBox()
        await withCheckedContinuation { (notified: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                DispatchQueue.main.async { model.foo = 42 }  // not in the group
            }
            group.notify(queue: .main) {
                recorder.log("foo: \(model.foo)")
                notified.resume()
            }
        }
        #expect(recorder.lines == ["foo: 42"])
    }
}

/// `@unchecked Sendable`: `foo` is read and written only on the main queue.
private final class MainQueueBox: @unchecked Sendable {
    var foo = 0
}
