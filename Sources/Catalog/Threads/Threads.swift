import RecipeKit

extension Catalog {
    /// Chapter 7, in page order.
    static let threads: [Recipe] = [
        .detachedThreadLaunch,
        .joinableThreadResult,
        .deepRecursion,
        .requestID,
        .cooperativeThreadExit,
    ]
}
