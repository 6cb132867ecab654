@MainActor final class Badge {
    var count = 0
}

actor Sync {
    var pending = 0
    func reset() { pending = 0 }
}

/// In async code, hop with `await`: the compiler knows where each part runs.
func finish(_ badge: Badge, _ sync: Sync) async {
    await MainActor.run {
        badge.count = 0
    }
    await sync.reset()
}
