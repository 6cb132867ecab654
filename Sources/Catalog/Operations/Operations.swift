import RecipeKit

extension Catalog {
    /// Chapter 6, in page order.
    static let operations: [Recipe] = [
        .blockOperationStart,
        .countingOperation,
        .operationQueueAsync,
        .operationDependencies,
        .concurrencyLimit,
        .operationMainQueueBlock,
        .operationInvocationToMain,
        .backgroundComputeWeakSelf,
    ]
}
