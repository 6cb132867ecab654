import RecipeKit

extension Catalog {
    /// Chapter 10, in page order.
    static let bridging: [Recipe] = [
        .imageProcessor,
        .jobThrottle,
        .semaphoreStarvation,
        .blockingJobs,
        .mainThreadCheck,
        .syncCallbackNeedsMain,
        .isolationInferenceTrap,
        .closureBasics,
        .captureSemantics,
        .asyncTestHarness,
        .benchmark,
        .valueClient,
        .serializeAsyncWork,
        .oneShotFuture,
        .pendingReplies,
        .cCallbackStream,
        .orderedAsyncWrites,
        .urlSessionDataTask,
        .syncPullBridge,
        .waitForAllStates,
    ]

    /// Chapter 10's guide notes, in page order.
    static let bridgingNotes: [GuideNote] = [
        .cFunctionWithContext,
        .concurrencyConcepts,
    ]
}
