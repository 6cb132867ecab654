// Check: swift6 rejects
@MainActor final class Badge {
    var count = 0
}

actor Sync {
    var pending = 0
}

func finish(_ badge: Badge, _ sync: Sync) async {
    MainActor.assumeIsolated {
    // expected-error@-1 {{static method 'assumeIsolated' is unavailable from asynchronous contexts; await the call to the @MainActor closure directly}}
        badge.count = 0
    }
    sync.assumeIsolated { $0.pending = 0 }
    // expected-error@-1 {{instance method 'assumeIsolated' is unavailable from asynchronous contexts; express the closure as an explicit function declared on the specified 'actor' instead}}
}
