import RecipeKit

extension Catalog {
    /// Chapter 11, in page order.
    static let isolation: [Recipe] = [
        .callbackIsolationTrap, .delegateConformanceIsolation, .whereDoesItRun, .multicastStream,
        .observeStateChanges, .blockingIO,
    ]

    /// Chapter 11's guide notes, in page order.
    static let isolationNotes: [GuideNote] = [
        .debuggingIsolation,
        .swiftUITaskLifetime,
        .managedContexts,
        .combineToAsyncSequence,
        .expectationToConfirmation,
        .whenNotToMigrate,
    ]
}
