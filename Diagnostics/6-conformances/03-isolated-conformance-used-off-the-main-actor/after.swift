/// A plain value decoded anywhere: say it is not main-actor code.
nonisolated struct Recipe: Decodable, Sendable {
    var title: String
}

nonisolated final class JSONReader {
    init() {}
    func read<T: Decodable>(_ type: T.Type) -> T? { nil }
}

@concurrent func loadRecipe() async -> Recipe? {
    JSONReader().read(Recipe.self)
}
