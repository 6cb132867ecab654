// Check: swift6 rejects
protocol CacheCleaning {
    func removeExpired()
}

/// Once a class with an isolation queue, now an actor.
actor ResponseCache: CacheCleaning {
// expected-error@-1 {{conformance of 'ResponseCache' to protocol 'CacheCleaning' crosses into actor-isolated code and can cause data races}}
// expected-note@-2 {{mark all declarations used in the conformance 'nonisolated'}}
// expected-note@-3 {{turn data races into runtime errors with '@preconcurrency'}}
    var entries: [String: [UInt8]] = [:]

    func removeExpired() {
    // expected-note@-1 {{actor-isolated instance method 'removeExpired()' cannot satisfy nonisolated requirement}}
        entries.removeAll()
    }
}
