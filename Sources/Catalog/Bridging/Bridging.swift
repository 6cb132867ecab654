import RecipeKit

extension Catalog {
    /// Chapter 10, in page order.
    static let bridging: [Recipe] = [
        .closureBasics,
        .captureSemantics,
        .imageProcessor,
        .benchmark,
        .valueClient,
    ]

    /// Chapter 10's guide notes, in page order.
    static let bridgingNotes: [GuideNote] = [
        .cFunctionWithContext,
        .concurrencyConcepts,
    ]
}
