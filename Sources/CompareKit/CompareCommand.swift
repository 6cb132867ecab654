import Catalog
import RecipeKit

/// `swift run compare`: placeholder until the full command lands.
public enum CompareCommand {
    public static func run(arguments: [String]) async -> Int32 {
        0
    }
}
