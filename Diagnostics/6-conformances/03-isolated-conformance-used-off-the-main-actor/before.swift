// Check: app-target rejects
/// An app target's model type: main-actor code, and so is its `Decodable`
/// conformance, which the app target infers as isolated.
struct Recipe: Decodable {
    var title: String
}

nonisolated final class JSONReader {
    init() {}
    func read<T: Decodable>(_ type: T.Type) -> T? { nil }
}

@concurrent func loadRecipe() async -> Recipe? {
    JSONReader().read(Recipe.self)
    // expected-error@-1 {{main actor-isolated conformance of 'Recipe' to 'Decodable' cannot be used in nonisolated context}}
}
