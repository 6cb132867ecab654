protocol PlayerDelegate: AnyObject {
    func playerDidFinish(track: String)
    var isVisible: Bool { get }
}

/// The SDK calls on its own queue: the witnesses are nonisolated and hand
/// each call to the main actor.
@MainActor final class NowPlayingModel: PlayerDelegate {
    var lastTrack = ""
    nonisolated let isVisible = true

    nonisolated func playerDidFinish(track: String) {
        Task { @MainActor in self.lastTrack = track }
    }
}
