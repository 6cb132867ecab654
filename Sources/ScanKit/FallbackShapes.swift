import RecipeKit

/// Every legacy API `scan` detects, whether or not a recipe shows it yet.
///
/// This list only detects: a finding names a recipe only when a catalog entry declares the shape
/// in its `replaces`. An API here that no entry declares is reported as "no recipe yet", so the
/// summary never makes the guide look more complete than it is.
public enum FallbackShapes {
    public static let all: [CodeShape] = [
        // Queues
        .dispatchQueueLabel, .concurrentQueue, .mainQueue, .globalQueue, .mainAsync, .queueAsync, .queueSync,
        .mainSync, .asyncAfter, .barrier, .dispatchTime, .dispatchQoS, .queueSpecific, .queueTarget,
        .queueSuspend, .dispatchPrecondition, .dispatchFunctionVariants,
        // Groups, semaphores, work items, once
        .dispatchGroup, .groupEnter, .groupLeave, .groupNotify, .groupWait, .groupAsync, .concurrentPerform,
        .semaphore, .semaphoreWait, .semaphoreSignal, .workItem, .workItemCancel, .workItemWait, .workItemNotify,
        .dispatchOnce,
        // Sources and I/O
        .timerSource, .signalSource, .readWriteSource, .writeSource, .processSource, .fileSystemSource,
        .memoryPressureSource, .sourceHandlers, .dispatchIO,
        // Operations
        .operationQueue, .mainOperationQueue, .addOperation, .operation, .blockOperation, .addDependency,
        .maxConcurrentOperationCount, .operationCancel, .waitUntilFinished,
        // Threads and locks
        .thread, .detachNewThread, .performSelectorInBackground, .performSelectorOnMainThread, .threadSleep,
        .threadDictionary, .threadExit, .isMainThread, .pthreadCreate, .pthread, .nsLock, .nsLockLock,
        .recursiveLock, .recursiveLockLock, .condition, .conditionLock, .unfairLock, .osSpinLock, .synchronized, .osAtomic, .pthreadMutex,
        .pthreadRWLock,
        // Run loops and timers
        .scheduledTimer, .timer, .unscheduledTimer, .timerFireAt, .clockChangeNotification, .timerInvalidate, .timerFireDate, .runLoopTimer,
        .runLoop, .runLoopRun, .runLoopAdd, .runLoopPerform, .displayLink,
        // Callbacks that become streams
        .notificationObserver, .notificationPost, .progressObservation, .keyValueObservation, .callbackNetworking,
        // Operations and locks the index names
        .operationStart, .operationInternals, .invocationOperation, .invocation, .distributedLock, .performAfterDelay,
        .managedObjectContextPerform,
        // Apple-only APIs the index leads to the closest recipe
        .cancelPreviousPerformRequests, .backgroundTask, .fsEvents,
    ]
}
