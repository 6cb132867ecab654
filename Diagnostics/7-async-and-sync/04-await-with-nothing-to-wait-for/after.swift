@MainActor final class Counter {
    var value = 0
    func increment() { value += 1 }
}

/// Same actor, no hop: a plain call.
@MainActor func tap(_ counter: Counter) async {
    counter.increment()
}
