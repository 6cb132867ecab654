// Check: app-target rejects
import Dispatch

/// An app target's singleton: main-actor code by default.
final class ImageStore {
    static let shared = ImageStore()
    // expected-note@-1 {{static property declared here}}
    // expected-note@-2 {{static property declared here}}
    var names: [String] = []
    // expected-note@-1 {{property declared here}}
    func store(_ name: String) { names.append(name) }
    // expected-note@-1 {{calls to instance method 'store' from outside of its actor context are implicitly asynchronous}}
}

nonisolated func prefetch(_ names: [String]) {
    DispatchQueue.global().async {
        for name in names { ImageStore.shared.store(name) }
        // expected-error@-1 {{call to main actor-isolated instance method 'store' in a synchronous nonisolated context}}
        // expected-error@-2 {{main actor-isolated static property 'shared' can not be referenced from a Sendable closure}}
    }
}

nonisolated func storeIsWarm() -> Bool {
    !ImageStore.shared.names.isEmpty
    // expected-error@-1 {{main actor-isolated property 'names' can not be referenced from a nonisolated context}}
    // expected-error@-2 {{main actor-isolated static property 'shared' can not be referenced from a nonisolated context}}
}
