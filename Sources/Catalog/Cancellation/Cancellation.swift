import RecipeKit

extension Catalog {
    /// Chapter 8, in page order.
    static let cancellation: [Recipe] = [
        .threadExit,
        .cancelWorkItems,
        .cancellableFetchOperation,
        .offscreenRenderCancel,
    ]
}
