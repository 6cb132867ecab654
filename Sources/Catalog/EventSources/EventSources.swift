import RecipeKit

extension Catalog {
    /// Chapter 9, in page order.
    static let eventSources: [Recipe] = [
        .dispatchSourceProcessExit,
        .processOutputStream,
        .processReadiness,
        .dispatchSourceDirWatch,
        .dispatchSourceSocketAccept,
        .socketConnectionStream,
        .dispatchSourceSignal,
        .dispatchIORead,
        .streamLineReader,
        .notificationObserverStream,
        .progressObservationStream,
    ]
}
