import RecipeKit

/// Findings that no pattern matches: `scan` reports them only when a hazard heuristic fires.
///
/// Each names the recipe that shows the right form. They are modern code used the legacy way (half
/// migrated code), or a mistake in a completion handler, so a plain use is not a finding; only the
/// hazardous one is.
public enum HazardShapes {
    /// A `Task.detached` written in main-actor code whose body goes back to `self`.
    public static let detachedCallsMainActor = CodeShape(
        "Task.detached calling main-actor code",
        modern: "the off-main work in a `@concurrent` function the main-actor caller awaits")

    /// A `withCheckedContinuation` body that resumes on no path, or twice in one block. The hazard
    /// says which.
    public static let continuationMistake = CodeShape(
        "withCheckedContinuation resumed never or twice",
        modern: "resume exactly once on every path: each branch resumes and returns")

    /// A `Task { }` started on every call of a handler, using the handler's arguments.
    public static let taskPerCall = CodeShape(
        "Task per handler call",
        modern: "yield each call's value into one `AsyncStream` that one task consumes, in order")

    /// A completion handler called a second time on a path that already called it.
    public static let completionCalledTwice = CodeShape(
        "completion handler called twice",
        modern: "an `async` function: it returns exactly once on every path")

    /// Each shape with the recipe that shows it, and its hazard when there is only one.
    public static let all: [(shape: CodeShape, recipe: String, hazard: Hazard?)] = [
        (
            detachedCallsMainActor, "where-does-it-run",
            Hazard(
                .likely,
                "needless detach: written in main-actor code, its body calls `self`, whose main-actor methods "
                    + "run on the main actor anyway",
                reason: "a `Task.detached` in main-actor code whose body uses `self`", page: "where-does-it-run")
        ),
        (continuationMistake, "sync-wait-for-callback", nil),
        (
            taskPerCall, "ordered-async-writes",
            Hazard(
                .likely,
                "reordering: a `Task` per call of this handler; the tasks may run in any order, so if the calls' "
                    + "order matters, yield into one `AsyncStream` that one task consumes",
                reason: "a `Task { }` in a handler that is called again and again, using the call's values",
                page: "ordered-async-writes")
        ),
        (
            completionCalledTwice, "async-api-completion-queue",
            Hazard(
                .likely,
                "double call: the completion handler runs twice on one path; the caller's code runs twice, and a "
                    + "continuation resumed from it traps",
                reason: "a call of the handler on a path where an earlier call didn't `return`",
                page: "async-api-completion-queue")
        ),
    ]
}
