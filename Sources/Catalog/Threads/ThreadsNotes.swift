import RecipeKit

extension Catalog {
    /// Chapter 7's guide notes, in page order.
    static let threadsNotes: [GuideNote] = [
        .autoreleasePool,
        .cocoaMultithreadedMode,
        .multiprocessingServices,
    ]
}
