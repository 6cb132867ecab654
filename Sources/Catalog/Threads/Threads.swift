import RecipeKit

extension Catalog {
    /// Chapter 7, in page order.
    static let threads: [Recipe] = [
        .calculationLoop,
        .downloadThread,
        .threeCounters,
        .spawnAndJoin,
        .detachedThreadLaunch,
        .joinableThreadResult,
        .deepRecursion,
        .requestID,
        .threadPriority,
        .threadErrorBoundary,
        .runLoopWorkerThread,
        .runLoopExecutor,
        .eventLoopThread,
        .cooperativeThreadExit,
        .workerThreadPool,
        .interruptibleBlockingWorker,
        .blockingCallHardTimeout,
        .keptThreadControl,
        .mainThreadWatchdog,
        .framePacingThread,
    ]
}
