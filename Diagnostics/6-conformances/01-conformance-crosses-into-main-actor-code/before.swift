// Check: swift6 rejects
/// A delegate protocol as an SDK declares it: nothing about threads.
protocol PlayerDelegate: AnyObject {
    func playerDidFinish(track: String)
    var isVisible: Bool { get }
}

@MainActor final class NowPlayingModel: PlayerDelegate {
// expected-error@-1 {{conformance of 'NowPlayingModel' to protocol 'PlayerDelegate' crosses into main actor-isolated code and can cause data races}}
// expected-note@-2 {{isolate this conformance to the main actor with '@MainActor'}}
// expected-note@-3 {{mark all declarations used in the conformance 'nonisolated'}}
// expected-note@-4 {{turn data races into runtime errors with '@preconcurrency'}}
    var lastTrack = ""
    var isVisible = true
    // expected-note@-1 {{main actor-isolated property 'isVisible' cannot satisfy nonisolated requirement}}

    func playerDidFinish(track: String) {
    // expected-note@-1 {{main actor-isolated instance method 'playerDidFinish(track:)' cannot satisfy nonisolated requirement}}
        lastTrack = track
    }
}
