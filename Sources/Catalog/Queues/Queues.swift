import RecipeKit

extension Catalog {
    /// Chapter 1, in page order.
    static let queues: [Recipe] = [
        .serialQueue,
        .concurrentQueueUnordered,
        .independentSerialQueues,
        .syncOnConcurrentQueue,
        .syncDeadlock,
        .mainQueueUIUpdate,
        .backgroundThenMain,
    ]
}
