import RecipeKit

extension Catalog {
    /// Chapter 6, in page order.
    static let operations: [Recipe] = [
        .invocationOperationStart,
        .blockOperationStart,
        .countingOperation,
        .operationQueueAsync,
        .asyncOperation,
        .operationDependencies,
        .dependencyCycle,
        .concurrencyLimit,
        .concurrencyLimiter,
        .operationMainQueueBlock,
        .operationInvocationToMain,
        .chunkedOperation,
        .backgroundComputeWeakSelf,
        .keyedSerialExecution,
        .pausableWorkQueue,
    ]
}
