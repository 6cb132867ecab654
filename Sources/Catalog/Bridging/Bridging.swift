import RecipeKit

extension Catalog {
    /// Chapter 10, in page order.
    static let bridging: [Recipe] = [
        .serializeAsyncWork,
        .oneShotFuture,
    ]

    /// Chapter 10's guide notes, in page order.
    static let bridgingNotes: [GuideNote] = [
        .cFunctionWithContext,
        .concurrencyConcepts,
    ]
}
