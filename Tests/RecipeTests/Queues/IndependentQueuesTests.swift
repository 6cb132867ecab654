import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct IndependentQueuesTests {
    @Test func legacyQueue1GetsTheSignalThatQueue2Sends() async {
        let recorder = Recorder()
        let result = await withCheckedContinuation { done in
            Legacy.IndependentQueues.signalAcrossQueues(timeout: .seconds(5), log: recorder.logger) {
                done.resume(returning: $0)
            }
        }
        #expect(result == "got signal")
        #expect(recorder.lines == ["queue 2: sending signal", "queue 1: got signal"])
    }

    @Test func modernActor1GetsTheSignalThatActor2Sends() async {
        let recorder = Recorder()
        let result = await Modern.IndependentQueues.signalAcrossActors(timeout: .seconds(5), log: recorder.logger)
        #expect(result == "got signal")
        #expect(recorder.lines == ["actor 2: sending signal", "actor 1: got signal"])
    }

    @Test func oneActorStillGetsTheSignalWhereOneQueueTimesOut() async {
        let timeout = Duration.milliseconds(50)
        let clock = ContinuousClock()
        let start = clock.now
        let queue = DispatchQueue(label: "one queue")
        let legacy = await withCheckedContinuation { done in
            Legacy.IndependentQueues.signal(from: queue, to: queue, timeout: timeout, log: { _ in }) {
                done.resume(returning: $0)
            }
        }
        #expect(legacy == "timed out")
        #expect(clock.now - start >= timeout)

        let worker = Modern.IndependentQueues.Worker(name: "one actor", log: { _ in })
        let modern = await Modern.IndependentQueues.signal(from: worker, to: worker, timeout: .seconds(5))
        #expect(modern == "got signal")
    }

    @Test func modernSignalTimesOutWhenNobodySendsIt() async {
        let timeout = Duration.milliseconds(30)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await CrossActorSignal().wait(timeout: timeout) == false)
        #expect(clock.now - start >= timeout)
    }

    @Test func modernSignalSentBeforeTheWaitIsKept() async {
        let signal = CrossActorSignal()
        signal.send()
        #expect(await signal.wait(timeout: .seconds(5)))
    }
}
