import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct LockZooTests {
    enum LegacyKind: String, CaseIterable, Sendable {
        case nsLock, recursiveLock, pthreadMutex, serialQueue

        func makeCounter() -> any Legacy.LockZoo.Counter {
            switch self {
            case .nsLock: Legacy.LockZoo.NSLockCounter()
            case .recursiveLock: Legacy.LockZoo.RecursiveLockCounter()
            case .pthreadMutex: Legacy.LockZoo.PthreadMutexCounter()
            case .serialQueue: Legacy.LockZoo.SerialQueueCounter()
            }
        }
    }

    enum ModernKind: String, CaseIterable, Sendable {
        case mutex, atomic, actor
    }

    @Test(arguments: LegacyKind.allCases)
    func everyLegacyLockCountsEveryIncrement(_ kind: LegacyKind) async {
        let counter = kind.makeCounter()
        let total = await onOwnThread { Legacy.LockZoo.count(with: counter, threads: 4, increments: 2_000) }
        #expect(total == 8_000)
    }

    @Test(arguments: ModernKind.allCases)
    func everyModernKindCountsEveryIncrement(_ kind: ModernKind) async {
        let total: Int
        switch kind {
        case .mutex:
            let counter = Modern.LockZoo.MutexCounter()
            total = await Modern.LockZoo.count(
                tasks: 4, increments: 2_000, increment: { counter.increment() }, value: { counter.value })
        case .atomic:
            let counter = Modern.LockZoo.AtomicCounter()
            total = await Modern.LockZoo.count(
                tasks: 4, increments: 2_000, increment: { counter.increment() }, value: { counter.value })
        case .actor:
            let counter = Modern.LockZoo.ActorCounter()
            total = await Modern.LockZoo.count(
                tasks: 4, increments: 2_000, increment: { await counter.increment() }, value: { await counter.value })
        }
        #expect(total == 8_000)
    }

    /// Each pthread counter allocates, initialises, and on release destroys and frees its mutex;
    /// many of them coming and going still count correctly.
    @Test func pthreadCountersComeAndGo() async {
        let totals = await onOwnThread {
            (0..<50).map { _ in
                Legacy.LockZoo.count(with: Legacy.LockZoo.PthreadMutexCounter(), threads: 2, increments: 10)
            }
        }
        #expect(totals == Array(repeating: 20, count: 50))
    }

    /// `Mutex` keeps the API synchronous: no `await`, callable from plain code.
    @Test func mutexAndAtomicCountersNeedNoAwait() {
        let mutex = Modern.LockZoo.MutexCounter()
        let atomic = Modern.LockZoo.AtomicCounter()
        for _ in 0..<5 {
            mutex.increment()
            atomic.increment()
        }
        #expect(mutex.value == 5)
        #expect(atomic.value == 5)
    }
}
