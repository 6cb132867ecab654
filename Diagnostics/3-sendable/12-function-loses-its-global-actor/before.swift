// Check: swift6 rejects
/// A callback API from before Swift concurrency.
final class LocationClient: Sendable {
    func requestLocation(_ done: @escaping @Sendable (Double) -> Void) {
        done(51.5)
    }
}

@MainActor final class MapScreen {
    let client = LocationClient()
    var latitude = 0.0

    func locate() {
        client.requestLocation { @MainActor latitude in
        // expected-error@-1 {{converting function value of type '@MainActor @Sendable (Double) -> ()' to '@Sendable (Double) -> Void' loses global actor 'MainActor'}}
            self.latitude = latitude
        }
    }
}
