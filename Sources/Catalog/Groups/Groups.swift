import RecipeKit

extension Catalog {
    /// Chapter 4, in page order.
    static let groups: [Recipe] = [
        .dispatchGroupNotify,
        .dispatchGroupWait,
        .groupAsyncNested,
        .groupWrapCallbackAPI,
    ]
}
