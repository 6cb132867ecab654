import RecipeKit

extension Catalog {
    /// Chapter 1, in page order (the recipes drawn from the original texts, then the patterns from real apps).
    static let queues: [Recipe] = [
        .serialQueue,
        .concurrentQueueUnordered,
        .independentSerialQueues,
        .syncOnConcurrentQueue,
        .syncVsAsyncOrder,
        .syncDeadlock,
        .mainQueueUIUpdate,
        .qosGlobalQueues,
        .backgroundThenMain,
        .generateSortRandomNumbers,
        .queueSpecificKey,
        .mainInlineOrAsync,
        .coalesceNextTurn,
    ]
}
