/// The protocol says its method may suspend: an actor can witness it.
protocol CacheCleaning {
    func removeExpired() async
}

actor ResponseCache: CacheCleaning {
    var entries: [String: [UInt8]] = [:]

    func removeExpired() {
        entries.removeAll()
    }
}
