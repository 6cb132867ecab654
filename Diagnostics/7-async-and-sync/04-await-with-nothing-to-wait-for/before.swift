// Check: swift6 rejects
@MainActor final class Counter {
    var value = 0
    func increment() { value += 1 }
}

@MainActor func tap(_ counter: Counter) async {
    await counter.increment()
    // expected-warning@-1 {{no 'async' operations occur within 'await' expression}}
}
