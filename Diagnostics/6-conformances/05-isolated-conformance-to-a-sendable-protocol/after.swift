protocol TransferDelegate: AnyObject, Sendable {
    func transferDidComplete(bytes: Int)
}

/// A `Sendable` protocol's witnesses must be callable from anywhere:
/// nonisolated, handing the work to the main actor.
@MainActor final class TransferScreen: TransferDelegate {
    var total = 0
    nonisolated func transferDidComplete(bytes: Int) {
        Task { @MainActor in self.total += bytes }
    }
}
