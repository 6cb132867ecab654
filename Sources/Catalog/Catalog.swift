import RecipeKit

/// Every recipe, registered once; `compare`, `guide` and the tests all read it from here.
public enum Catalog {
    /// All recipes, in chapter order, then in the order each chapter lists them.
    public static let recipes: [Recipe] = queues + timers + once + groups + sharedState + operations + threads
        + cancellation + eventSources + bridging + isolation

    /// The guide notes: legacy APIs with nothing to run, each with what to do instead.
    public static let notes: [GuideNote] = [.frameClock] + threadsNotes + [.memoryPressureSource] + bridgingNotes
        + isolationNotes

    /// The chapters that have at least one recipe or note, in order.
    public static var chapters: [Chapter] {
        Array(Set(recipes.map(\.chapter) + notes.map(\.chapter))).sorted()
    }

    /// The guide note with this id.
    public static func note(_ id: String) -> GuideNote? {
        notes.first { $0.id == id }
    }

    /// The notes of one chapter, in catalog order.
    public static func notes(in chapter: Chapter) -> [GuideNote] {
        notes.filter { $0.chapter == chapter }
    }

    /// The recipe with this id.
    public static func recipe(_ id: String) -> Recipe? {
        recipes.first { $0.id == id }
    }

    /// The recipes of one chapter, in catalog order.
    public static func recipes(in chapter: Chapter) -> [Recipe] {
        recipes.filter { $0.chapter == chapter }
    }
}
