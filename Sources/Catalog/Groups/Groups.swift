import RecipeKit

extension Catalog {
    /// Chapter 4, in page order.
    static let groups: [Recipe] = [
        .concurrentPerform,
        .parallelMinMax,
        .dispatchGroupNotify,
        .dispatchGroupWait,
        .groupBatchDownload,
        .groupAsyncNested,
        .groupWrapCallbackAPI,
        .preferredWinnerRace,
    ]
}
