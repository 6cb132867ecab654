nonisolated final class LocationClient: Sendable {
    func requestLocation(_ done: @escaping @Sendable (Double) -> Void) {
        done(51.5)
    }

    func location() async -> Double {
        await withCheckedContinuation { continuation in
            requestLocation { continuation.resume(returning: $0) }
        }
    }
}

@MainActor final class MapScreen {
    let client = LocationClient()
    var latitude = 0.0

    func locate() async {
        latitude = await client.location()
    }
}
