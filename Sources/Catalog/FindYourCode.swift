import RecipeKit

/// The guide's "Find your code" index: every legacy API the catalog shows, by kind, each with what
/// replaces it and the recipes that show it.
public enum FindYourCode {
    public static let groups: [APIIndexGroup] = [
        APIIndexGroup(
            "Semaphores",
            [
                APIIndexEntry(
                    ["DispatchSemaphore", "dispatch_semaphore_create", "dispatch_semaphore_wait"],
                    uses: [
                        .init(
                            "waiting for a callback", "`withCheckedContinuation` in an `async` caller",
                            recipes: ["group-wrap-callback-api"])
                    ]
                )
            ]
        )
    ]

    /// Every entry, in index order.
    public static var entries: [APIIndexEntry] { groups.flatMap(\.entries) }
}
