// Check: swift6 rejects
final class Contact {
    var name = ""
}

actor AddressBook {
    func add(_ contact: Contact) {}
}

func importContact(into book: AddressBook) async {
    let contact = Contact()
    await book.add(contact)
    // expected-error@-1 {{sending 'contact' risks causing data races}}
    // expected-note@-2 {{sending 'contact' to actor-isolated instance method 'add' risks causing data races between actor-isolated and local nonisolated uses}}
    contact.name = "Ada"
    // expected-note@-1 {{access can happen concurrently}}
}

/// A callback API from before Swift concurrency.
func loadContact(completion: @escaping (Contact) -> Void) {
    completion(Contact())
}

func contact() async -> Contact {
    await withCheckedContinuation { continuation in
        loadContact { continuation.resume(returning: $0) }
        // expected-error@-1 {{sending '$0' risks causing data races}}
        // expected-note@-2 {{task-isolated '$0' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses}}
    }
}

func rename(_ contact: Contact) async {
    await MainActor.run { contact.name = "Grace" }
    // expected-error@-1 {{sending 'contact' risks causing data races}}
    // expected-note@-2 {{task-isolated 'contact' is captured by a main actor-isolated closure. main actor-isolated uses in closure may race against later nonisolated uses}}
}
