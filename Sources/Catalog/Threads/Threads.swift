import RecipeKit

extension Catalog {
    /// Chapter 7, in page order.
    static let threads: [Recipe] = [
        .calculationLoop,
        .downloadThread,
        .threeCounters,
        .spawnAndJoin,
        .threadPriority,
        .threadErrorBoundary,
        .runLoopWorkerThread,
        .cooperativeThreadExit,
    ]
}
