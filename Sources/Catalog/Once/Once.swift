import RecipeKit

extension Catalog {
    /// Chapter 3, in page order.
    static let once: [Recipe] = [
        .runOnce,
        .threadSafeSingleton,
        .requestCoalescing,
        .asyncInitGate,
        .readinessGateReopens,
    ]
}
