import Legacy
import Modern
import RecipeKit
import Testing

/// Ordering only: no test here asserts a duration or an effect of priorities (on Linux they are
/// hints, and CI has two cores).
@Suite(.serialized, .timeLimit(.minutes(1))) struct ContendedResourceTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let order = ["low acquired", "high waiting", "low released", "high acquired", "high released"]

    @Test(arguments: Side.allCases)
    func theOrderIsTheSameOnBothSides(_ side: Side) async {
        for _ in 0..<20 {
            let recorder = Recorder()
            let log = recorder.logger
            switch side {
            case .legacy: await onOwnThread { Legacy.ContendedResource.demonstrate(log: log) }
            case .modern: await Modern.ContendedResource.demonstrate(log: log)
            }
            #expect(recorder.lines == Self.order)
        }
    }

    /// `Task.immediate` runs the high-priority task on the low method's thread up to its `await` on
    /// the busy actor: by the time it returns, `high waiting` is logged and the task waits at the
    /// actor, while the low method still holds it.
    @Test func modernHighTaskWaitsAtTheActorBeforeTheLowMethodReturns() async {
        let recorder = Recorder()
        let log = recorder.logger
        let resource = Modern.ContendedResource()
        let low = Modern.ContendedResource.lowPriorityTask(on: resource, log: log) {
            let high = Modern.ContendedResource.highPriorityTask(on: resource, log: log)
            return (high, recorder.lines)
        }
        let (high, seenBeforeReturning) = await low.value
        #expect(seenBeforeReturning == ["low acquired", "high waiting"])
        await high.value
        #expect(recorder.lines == Self.order)
    }
}
