// Rule: in async code the compiler rejects only the blocking calls marked unavailable from
//   asynchronous contexts: `NSLock`'s and `NSCondition`'s `lock()`/`unlock()`, `Thread.sleep`
//   and a run loop's `run` (with the other thread-bound APIs of the next row).
//   `DispatchSemaphore.wait()`, `DispatchGroup.wait()`,
//   `DispatchQueue.concurrentPerform` and `sleep()` compile without a word, and each holds a
//   thread of the cooperative pool while it blocks. (Swift 6.3.1's corelibs Foundation and
//   Dispatch on Linux; Apple's SDK marks its own declarations.)
// Source: the `@available(*, noasync)` attributes in the toolchain's `Foundation` interface
//   ([swift-corelibs-foundation `NSLock.swift`](https://github.com/swiftlang/swift-corelibs-foundation/blob/main/Sources/Foundation/NSLock.swift));
//   [SE-0340, "Unavailable from async"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0340-async-unavailable.md)
// Recipes: blocking-the-pool, semaphore-in-async-starvation, concurrent-perform
// Check: swift6 rejects
import Foundation

func blockingInAsyncCode(semaphore: DispatchSemaphore, group: DispatchGroup, lock: NSLock) async {
    semaphore.wait()
    _ = group.wait(timeout: .now())
    DispatchQueue.concurrentPerform(iterations: 4) { _ in }
    sleep(0)

    lock.lock()
    // expected-error@-1 {{instance method 'lock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead}}
    lock.unlock()
    // expected-error@-1 {{instance method 'unlock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead}}
    Thread.sleep(forTimeInterval: 0.001)
    // expected-error@-1 {{class method 'sleep' is unavailable from asynchronous contexts}}
}
