import RecipeKit

/// Findings that no pattern matches: `scan` reports them only when a hazard heuristic fires.
///
/// Each names the recipe that shows the right form. They are modern code used the legacy way (half
/// migrated code), so a plain use is not a finding; only the hazardous one is.
public enum HazardShapes {
    /// A `Task.detached` written in main-actor code whose body goes back to `self`.
    public static let detachedCallsMainActor = CodeShape(
        "Task.detached calling main-actor code",
        modern: "the off-main work in a `@concurrent` function the main-actor caller awaits",
        hazard: "likely needless detach: written in main-actor code, its body calls `self`, whose main-actor "
            + "methods run on the main actor anyway (where-does-it-run)")

    /// A `withCheckedContinuation` body that resumes on no path, or twice in one block. The hazard
    /// says which.
    public static let continuationMistake = CodeShape(
        "withCheckedContinuation resumed never or twice",
        modern: "resume exactly once on every path: each branch resumes and returns")

    /// A `Task { }` started on every call of a handler, using the handler's arguments.
    public static let taskPerCall = CodeShape(
        "Task per handler call",
        modern: "yield each call's value into one `AsyncStream` that one task consumes, in order",
        hazard: "likely reordering: a `Task` per call of this handler; the tasks may run in any order, so if the "
            + "calls' order matters, yield into one `AsyncStream` that one task consumes (ordered-async-writes)")

    /// Each shape with the recipe that shows it.
    public static let all: [(shape: CodeShape, recipe: String)] = [
        (detachedCallsMainActor, "where-does-it-run"),
        (continuationMistake, "sync-wait-for-callback"),
        (taskPerCall, "ordered-async-writes"),
    ]
}
