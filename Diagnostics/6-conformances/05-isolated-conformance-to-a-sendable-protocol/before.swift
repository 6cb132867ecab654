// Check: swift6 rejects
/// A delegate protocol that requires `Sendable`, as `URLSessionDelegate` does.
protocol TransferDelegate: AnyObject, Sendable {
    func transferDidComplete(bytes: Int)
}

@MainActor final class TransferScreen: @MainActor TransferDelegate {
// expected-error@-1 {{cannot form main actor-isolated conformance of 'TransferScreen' to SendableMetatype-inheriting protocol 'TransferDelegate'}}
    var total = 0
    func transferDidComplete(bytes: Int) { total += bytes }
}
