// Check: swift6 traps
// ! Incorrect actor executor assumption; expected 'before.Counter' executor.
actor Counter {
    var value = 0
}

/// A synchronous helper that "knows" it runs on the actor.
nonisolated func bump(_ counter: Counter) {
    counter.assumeIsolated { $0.value += 1 }
}

@main struct Main {
    static func main() async {
        bump(Counter())
    }
}
