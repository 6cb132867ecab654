import RecipeKit

extension Catalog {
    /// Chapter 5, in page order.
    static let sharedState: [Recipe] = [
        .readersWriterBarrier,
        .messagePassingConfinement,
    ]
}
