import CompareKit
import RecipeKit
import Testing

/// `compare` against a made-up catalog, to see what it does when the sides disagree.
@Suite struct CompareCommandTests {
    static let chapter = Chapter(number: 99, title: "Test fixtures", folder: "Fixtures", introduction: "")

    static func recipe(legacy: [String], modern: [String], rules: [ParityRule] = [.exact]) -> Recipe {
        Recipe(
            id: "fixture", title: "A fixture", chapter: chapter, seeds: ["none"], file: "Fixtures/Fixture.swift",
            apis: [], problem: "", changes: [],
            scenarios: [
                Scenario(
                    rules: rules,
                    legacy: { context in legacy.forEach(context.log) },
                    modern: { context in modern.forEach(context.log) }
                )
            ]
        )
    }

    func run(_ arguments: [String], _ recipes: [Recipe]) async -> (status: Int32, out: String, err: String) {
        let out = Recorder()
        let err = Recorder()
        let console = Console.capturing(out: { out.log($0) }, err: { err.log($0) })
        let status = await CompareCommand.run(arguments: arguments, recipes: recipes, console: console)
        return (status, out.lines.joined(), err.lines.joined())
    }

    @Test func aMismatchExitsOneAndPrintsADiff() async {
        let fixture = Self.recipe(legacy: ["a", "b", "c"], modern: ["a", "x", "c"])
        let (status, out, _) = await run(["fixture", "--runs", "1"], [fixture])
        #expect(status == 1)
        #expect(out.contains("✗ different"))
        #expect(out.contains("- b"))
        #expect(out.contains("+ x"))
    }

    @Test func aReorderingIsAMismatchForExactButNotForMultiset() async {
        let exact = Self.recipe(legacy: ["a", "b"], modern: ["b", "a"])
        #expect(await run(["fixture", "--runs", "1"], [exact]).status == 1)
        let multiset = Self.recipe(legacy: ["a", "b"], modern: ["b", "a"], rules: [.multiset])
        #expect(await run(["fixture", "--runs", "1"], [multiset]).status == 0)
    }

    @Test func allReportsProgressAndTheRecipesThatDisagree() async {
        let fixture = Self.recipe(legacy: ["a"], modern: ["b"], rules: [.multiset])
        let (status, out, _) = await run(["--all", "--runs", "1"], [fixture])
        #expect(status == 1)
        #expect(out.contains("[1/1] fixture"))
        #expect(out.contains("1 disagree: fixture"))
        #expect(out.contains("+ b"))
    }

    @Test func anUnknownIdNamesTheClosestIds() async {
        let fixture = Self.recipe(legacy: [], modern: [])
        let (status, out, err) = await run(["fixtur"], [fixture])
        #expect(status == 64)
        #expect(out.isEmpty)
        #expect(err.contains("Did you mean: fixture"))
    }
}
