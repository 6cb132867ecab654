import RecipeKit

/// Shapes whose page is not a recipe whose Legacy side shows them: a guide note that is about
/// them (Core Data contexts, Combine, XCTest expectations), or the recipe that covers or recommends
/// them (`OSAllocatedUnfairLock` and `NSLock` on `lock-zoo`).
///
/// A catalog entry's `replaces` says what its Legacy file shows, and guide notes have no Legacy
/// file; this list lets a finding name the page a reader should open anyway. `leads` puts the
/// page first; otherwise it follows the recipes that replace the shape.
public enum PageShapes {
    public static let all: [(shape: CodeShape, page: String, leads: Bool)] = [
        (.concurrentEnumeration, "concurrent-perform", true),
        (.allocatedUnfairLock, "lock-zoo", true),
        // `OSSpinLock`: no Legacy file shows the deprecated lock; `lock-zoo` shows its successor.
        (.osSpinLock, "lock-zoo", true),
        // `NSLock` guarding state behind a synchronous API: `Mutex` (the index's row), before the
        // actor pages that change the API to `async`.
        (.nsLock, "lock-zoo", true),
        (.nsLockLock, "lock-zoo", true),
        // `item.wait()` blocks the caller until the item has run somewhere else: a blocking wait
        // for a callback (an empty item performed by a callback is a latch).
        (.workItemWait, "sync-wait-for-callback", true),
        (.testExpectation, "expectation-to-confirmation", true),
        (.managedObjectContextPerform, "core-data-swiftdata-contexts", true),
        (.cloudKitOperation, "core-data-swiftdata-contexts", true),
        (.memoryPressureSource, "memory-pressure-source", true),
        (.displayLink, "frame-clock", true),
        (.dispatchFunctionVariants, "c-function-with-context", true),
        (.multithreadedMode, "cocoa-multithreaded-mode", true),
        (.multiprocessingServices, "multiprocessing-services", true),
        (.combineSink, "combine-to-async-sequence", true),
        (.currentValueSubject, "combine-to-async-sequence", false),
        (.published, "combine-to-async-sequence", false),
        (CodeShape("PassthroughSubject (Combine)"), "combine-to-async-sequence", false),
    ]
}
