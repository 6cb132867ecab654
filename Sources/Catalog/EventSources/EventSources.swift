import RecipeKit

extension Catalog {
    /// Chapter 9, in page order.
    static let eventSources: [Recipe] = [
        .dispatchSourceProcessExit,
        .dispatchSourceDirWatch,
        .dispatchSourceSocketAccept,
        .dispatchSourceSignal,
        .dispatchIORead,
        .streamLineReader,
        .notificationObserverStream,
        .progressObservationStream,
    ]
}
