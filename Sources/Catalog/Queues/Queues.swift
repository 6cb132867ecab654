import RecipeKit

extension Catalog {
    /// Chapter 1, in page order (the seeds' recipes, then the patterns from real apps).
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
