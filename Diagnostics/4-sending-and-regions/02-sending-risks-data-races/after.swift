nonisolated final class Contact {
    var name = ""
}

actor AddressBook {
    func add(_ contact: Contact) {}
}

/// Hand the contact over and stop using it: after the call it is the
/// actor's.
nonisolated func importContact(into book: AddressBook) async {
    let contact = Contact()
    contact.name = "Ada"
    await book.add(contact)
}

/// A callback API that says its value is handed over.
nonisolated func loadContact(completion: @escaping (sending Contact) -> Void) {
    completion(Contact())
}

nonisolated func contact() async -> Contact {
    await withCheckedContinuation { continuation in
        loadContact { continuation.resume(returning: $0) }
    }
}

/// Change it where it lives: the caller owns it, so no hop is needed.
nonisolated func rename(_ contact: Contact) async {
    contact.name = "Grace"
}
