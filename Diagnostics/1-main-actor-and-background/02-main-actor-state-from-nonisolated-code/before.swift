// Check: swift6 rejects
/// The delegate protocol of an SDK: it calls from a queue of its own.
protocol UploadDelegate: AnyObject {
    func uploadDidProgress(_ fraction: Double)
}

@MainActor var uploadsInFlight = 0
// expected-note@-1 {{mutation of this var is only permitted within the actor}}

@MainActor final class UploadModel: UploadDelegate {
    var fraction = 0.0
    // expected-note@-1 {{mutation of this property is only permitted within the actor}}
    var label = ""
    // expected-note@-1 {{property declared here}}

    nonisolated func uploadDidProgress(_ fraction: Double) {
        self.fraction = fraction
        // expected-error@-1 {{main actor-isolated property 'fraction' can not be mutated from a nonisolated context}}
        print(label)
        // expected-error@-1 {{main actor-isolated property 'label' can not be referenced from a nonisolated context}}
        uploadsInFlight -= 1
        // expected-error@-1 {{main actor-isolated var 'uploadsInFlight' can not be mutated from a nonisolated context}}
    }
}
