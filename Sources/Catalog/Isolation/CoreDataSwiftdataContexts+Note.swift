import RecipeKit

extension GuideNote {
    static let managedContexts = GuideNote(
        id: "core-data-swiftdata-contexts",
        title: "Core Data and SwiftData contexts: `perform`, object IDs, `@ModelActor`",
        chapter: .isolation,
        sources: [
            "Apple's Core Data documentation for `NSManagedObjectContext.perform(schedule:_:)` and `performAndWait(_:)`",
            "Apple's SwiftData documentation for `ModelActor` and `PersistentIdentifier`",
        ],
        apis: [
            APIMapping(
                "`context.perform { … }` with a completion handler",
                "`try await context.perform { … }`, which returns the block's value"
            ),
            APIMapping("`context.performAndWait { … }`", "the same call awaited; `performAndWait` only in synchronous code"),
            APIMapping("an `NSManagedObject` passed to another queue", "its `objectID`, fetched again on the other context"),
            APIMapping("a background `ModelContext` on a queue", "a `@ModelActor` actor; `PersistentIdentifier` across it"),
        ],
        prose: Articles.note("core-data-swiftdata-contexts")
    )
}
