protocol UploadDelegate: AnyObject {
    func uploadDidProgress(_ fraction: Double)
}

@MainActor var uploadsInFlight = 0

@MainActor final class UploadModel: UploadDelegate {
    var fraction = 0.0
    var label = ""

    /// Called on the SDK's queue: hand the value to the main actor.
    nonisolated func uploadDidProgress(_ fraction: Double) {
        Task { @MainActor in
            self.fraction = fraction
            print(self.label)
            uploadsInFlight -= 1
        }
    }
}
