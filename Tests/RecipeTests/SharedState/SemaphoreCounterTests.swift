import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct SemaphoreCounterTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    func total(_ side: Side, callers: Int, increments: Int) async -> Int {
        switch side {
        case .legacy:
            await onOwnThread { Legacy.SemaphoreCounter.count(threads: callers, increments: increments) }
        case .modern:
            await Modern.SemaphoreCounter.count(tasks: callers, increments: increments)
        }
    }

    @Test(arguments: Side.allCases)
    func fourCallersCountEveryIncrement(_ side: Side) async {
        #expect(await total(side, callers: 4, increments: 10_000) == 40_000)
    }

    @Test(arguments: Side.allCases)
    func hundredsOfCallersLoseNoIncrement(_ side: Side) async {
        #expect(await total(side, callers: 200, increments: 50) == 10_000)
    }

    /// The primitive the legacy counter locks with: a thread that never waited releases the permit
    /// that another thread holds, and a third thread gets in while the first is still "inside".
    @Test func legacySemaphoreCanBeReleasedByAThreadThatNeverTookIt() async {
        let lock = DispatchSemaphore(value: 1)
        let outcome = await onOwnThread { () -> (first: Bool, third: Bool) in
            let first = lock.wait(timeout: .now()) == .success  // this thread is inside
            let released = DispatchSemaphore(value: 0)
            Thread {
                lock.signal()  // another thread "unlocks" a lock it never took
                released.signal()
            }.start()
            released.wait()
            let third = DispatchSemaphore(value: 0)
            let thirdGotIn = Locked(false)
            Thread {
                thirdGotIn.withLock { $0 = lock.wait(timeout: .now()) == .success }
                third.signal()
            }.start()
            third.wait()
            return (first, thirdGotIn.withLock { $0 })
        }
        lock.signal()  // back to one permit: libdispatch traps on freeing a semaphore below its start value
        #expect(outcome.first)
        #expect(outcome.third)
    }

    @Test func legacyAnExtraSignalLetsTwoCallersIn() {
        let lock = DispatchSemaphore(value: 1)
        lock.signal()  // unbalanced: now two permits
        #expect(lock.wait(timeout: .now()) == .success)
        #expect(lock.wait(timeout: .now()) == .success)  // a second caller is inside too
        #expect(lock.wait(timeout: .now()) == .timedOut)
        lock.signal()
        lock.signal()
    }
}
