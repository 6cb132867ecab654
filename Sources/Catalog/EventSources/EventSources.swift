import RecipeKit

extension Catalog {
    /// Chapter 9, in page order.
    static let eventSources: [Recipe] = [
        .dispatchSourceSocketAccept,
        .dispatchIORead,
        .streamLineReader,
    ]
}
