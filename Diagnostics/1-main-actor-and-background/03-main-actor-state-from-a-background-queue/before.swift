// Check: swift6 rejects
import Dispatch

@MainActor final class SearchModel {
    var results: [String] = []
    // expected-note@-1 {{mutation of this property is only permitted within the actor}}
    // expected-note@-2 {{property declared here}}

    func search(_ words: [String]) {
        DispatchQueue.global().async {
            let sorted = words.sorted()
            self.results = sorted
            // expected-error@-1 {{main actor-isolated property 'results' can not be mutated from a Sendable closure}}
            print(self.results.count)
            // expected-error@-1 {{main actor-isolated property 'results' can not be referenced from a Sendable closure}}
        }
    }
}
