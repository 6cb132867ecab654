import Legacy
import Modern
import Observation
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CartTests {
    static let oneAtATime = [
        "observer saw 0", "set 1", "observer saw 1", "set 2", "observer saw 2", "set 3", "observer saw 3",
    ]

    @Test func legacySeesTheInitialValueThenEachChange() {
        let recorder = Recorder()
        let seen = Legacy.Cart.oneChangeAtATime(log: recorder.logger)
        #expect(seen == [0, 1, 2, 3])
        #expect(recorder.lines == Self.oneAtATime)
    }

    @Test func modernSeesTheInitialValueThenEachChange() async {
        let recorder = Recorder()
        let seen = await Modern.Cart.oneChangeAtATime(log: recorder.logger)
        #expect(seen == [0, 1, 2, 3])
        #expect(recorder.lines == Self.oneAtATime)
    }

    /// Declared difference: `didSet` calls every observer with every value, before the setter returns.
    @Test func legacyObserverSeesEveryValueOfChangesInARow() {
        let recorder = Recorder()
        let seen = Legacy.Cart.threeChangesInARow(log: recorder.logger)
        #expect(seen == [0, 1, 2, 3])
        #expect(recorder.lines == ["observer saw 0", "set 1, 2, 3 in a row", "observer saw 1", "observer saw 2", "observer saw 3"])
    }

    /// Declared difference: `Observations` re-reads the property when the observer is ready, so changes made
    /// with no suspension between them coalesce into the latest value.
    @Test func modernObserverSeesOnlyTheLatestOfChangesInARow() async {
        let recorder = Recorder()
        let seen = await Modern.Cart.threeChangesInARow(log: recorder.logger)
        #expect(seen == [0, 3])
        #expect(recorder.lines == ["observer saw 0", "set 1, 2, 3 in a row", "observer saw 3"])
    }

    /// A reader that is busy (suspended elsewhere) while the value changes sees the latest when it comes back.
    @Test @MainActor func modernSlowReaderSeesTheLatestNotEveryValue() async {
        let cart = Modern.Cart()
        var counts = cart.counts.makeAsyncIterator()
        #expect(await counts.next() == 0)
        for count in 1...5 {
            cart.count = count
            await Task.yield()  // the reader is not waiting: nothing is queued for it
        }
        #expect(await counts.next() == 5)
    }

    @Test func legacyRemovedObserverIsNotCalledAgain() {
        let cart = Legacy.Cart()
        var seen: [Int] = []
        let token = cart.observe { seen.append($0) }
        cart.count = 1
        cart.removeObserver(token)
        cart.count = 2
        #expect(seen == [0, 1])
    }

    /// Cancellation: cancelling the observing task ends its loop.
    @Test @MainActor func modernCancellingTheObserverEndsItsLoop() async {
        let cart = Modern.Cart()
        let (seen, saw) = AsyncStream.makeStream(of: Int.self)
        let counts = cart.counts
        let observer = Task {
            var got: [Int] = []
            for await count in counts {
                got.append(count)
                saw.yield(count)
            }
            return got
        }
        var next = seen.makeAsyncIterator()
        #expect(await next.next() == 0)
        observer.cancel()
        let got = await observer.value
        cart.count = 1
        #expect(got == [0])
    }

    /// Bad input: an observer that starts after changes gets the current value, not the history.
    @Test @MainActor func aLateObserverStartsFromTheCurrentValue() async {
        let legacy = Legacy.Cart()
        let modern = Modern.Cart()
        for count in 1...3 {
            legacy.count = count
            modern.count = count
        }
        var legacySeen: [Int] = []
        let token = legacy.observe { legacySeen.append($0) }
        legacy.removeObserver(token)
        var counts = modern.counts.makeAsyncIterator()
        #expect(legacySeen == [3])
        #expect(await counts.next() == 3)
    }

    /// Bad input: removing a token twice, or one never issued, changes nothing.
    @Test func legacyRemovingAnUnknownTokenIsHarmless() {
        let cart = Legacy.Cart()
        var seen: [Int] = []
        let token = cart.observe { seen.append($0) }
        cart.removeObserver(.init())
        cart.count = 1
        cart.removeObserver(token)
        cart.removeObserver(token)
        cart.count = 2
        #expect(seen == [0, 1])
    }

    /// An `Observations` loop ends only when its task is cancelled, and its closure holds the
    /// cart: the cart outlives every other reference while the loop runs, and is released once
    /// the task has been cancelled and has ended.
    @MainActor
    @Test func modernObservingKeepsTheCartAliveUntilTheTaskIsCancelled() async {
        weak var released: Modern.Cart?
        let (seen, saw) = AsyncStream.makeStream(of: Int.self)
        var observing: Task<Void, Never>?
        do {
            let cart = Modern.Cart()
            released = cart
            observing = cart.observe { saw.yield($0) }
        }
        var values = seen.makeAsyncIterator()
        #expect(await values.next() == 0)
        #expect(released != nil)  // only the loop holds it now
        released?.count = 5
        #expect(await values.next() == 5)
        observing?.cancel()
        await observing?.value
        #expect(released == nil)
    }
}
