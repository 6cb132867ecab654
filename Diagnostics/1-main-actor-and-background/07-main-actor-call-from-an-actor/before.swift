// Check: swift6 rejects
@MainActor final class ProgressView {
    var fraction = 0.0
    // expected-note@-1 {{property declared here}}
    func update(fraction: Double) { self.fraction = fraction }
    // expected-note@-1 {{calls to instance method 'update(fraction:)' from outside of its actor context are implicitly asynchronous}}
}

/// Once a private serial queue; now an actor that reports to the UI.
actor Importer {
    let view: ProgressView
    init(view: ProgressView) { self.view = view }

    func importAll(_ count: Int) {
        for done in 1...count {
            view.update(fraction: Double(done) / Double(count))
            // expected-error@-1 {{call to main actor-isolated instance method 'update(fraction:)' in a synchronous actor-isolated context}}
        }
        print(view.fraction)
        // expected-error@-1 {{main actor-isolated property 'fraction' can not be referenced on a nonisolated actor instance}}
    }
}
