import Foundation
import ScanKit
import Testing

/// The third held-out sample's classes (twelve more public files), each with a hit and a near miss.
@Suite struct HeldOutThreeTests {
    /// A counter a completion can bump from two threads, behind an `NSRecursiveLock`.
    static let counter = """
        func performBlock(_ closure: @escaping (@escaping @Sendable (Int) -> Void) -> Void) {
            nonisolated(unsafe) var completionCount = 0
            let lock = NSRecursiveLock()
            closure { result in
                lock.withLock {
                    completionCount += 1
                    if completionCount < 2 { finish(result) }
                }
            }
            DispatchQueue.global().async {
                lock.withLock { completionCount += 1 }
            }
        }
        """

    /// `NSRecursiveLock`'s `lock`, `unlock` and `withLock` are lock calls, as `NSLock`'s are: each is
    /// a finding, and a write inside `withLock` is guarded, so the `nonisolated(unsafe)` counter
    /// it guards is no data race.
    @Test func aWriteInsideARecursiveLocksWithLockIsGuarded() {
        let findings = ScanFixtures.scan(Self.counter)
        #expect(findings.filter { $0.api == "NSRecursiveLock.lock" }.map(\.line) == [5, 11])
        #expect(findings.first { $0.api == "NSRecursiveLock.lock" }?.recipes.first == "lock-zoo")
        #expect(findings.allSatisfy { $0.hazards.isEmpty })
        // Near miss: the same writes with the lock taken out are a race, and say so.
        let unguarded = Self.counter
            .replacingOccurrences(of: "lock.withLock {\n", with: "do {\n")
            .replacingOccurrences(of: "lock.withLock { completionCount += 1 }", with: "completionCount += 1")
        let race = ScanFixtures.scan(unguarded).first { $0.api == "nonisolated(unsafe)" }
        #expect(race?.hazards.first?.message.contains("data race") == true)
    }

    @Test func anObjectiveCRecursiveLockCallIsALockCall() {
        let source = """
            @implementation Cache
            - (void)trim {
                [_lock lock];
                [self trimLocked];
                [_lock unlock];
            }
            @end
            """
        let declared = "@interface Cache () { NSRecursiveLock *_lock; }\n@end\n" + source
        let found = ScanFixtures.scan(declared, .objc).filter { $0.api == "NSRecursiveLock.lock" }
        #expect(found.map(\.line) == [5, 7])
    }

    /// `OSSpinLock`, deprecated for priority inversion, was found nowhere (25 calls in one file of
    /// the sample): now each call names `lock-zoo`, which shows its successor and `Mutex`.
    @Test func anOSSpinLockIsALockToReplace() {
        let source = """
            @implementation Controller {
                OSSpinLock _lock;
            }
            - (instancetype)init { _lock = OS_SPINLOCK_INIT; return self; }
            - (void)observe:(id)object {
                OSSpinLockLock(&_lock);
                [_infos addObject:object];
                OSSpinLockUnlock(&_lock);
            }
            @end
            """
        let found = ScanFixtures.scan(source, .objc).filter { $0.api == "OSSpinLock" }
        #expect(found.map(\.line) == [4, 6, 8])  // the ivar is a declaration, not a use
        #expect(found.allSatisfy { $0.recipes.first == "lock-zoo" })
        // Near miss: a name that only contains the words is not the lock.
        let nearMiss = "- (void)resetSpinLockCount { _mySpinLockCount = 0; }\n"
        #expect(ScanFixtures.scan(nearMiss, .objc).isEmpty)
    }
}
