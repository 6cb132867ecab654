// Check: swift6 rejects
actor PhotoLibrary {
    var count = 0
    // expected-note@-1 {{property declared here}}
    func add(_ name: String) { count += 1 }
    // expected-note@-1 {{calls to instance method 'add' from outside of its actor context are implicitly asynchronous}}
}

@MainActor final class LibraryScreen {
    let library = PhotoLibrary()
    var caption = ""

    func importTapped() {
        library.add("beach.jpg")
        // expected-error@-1 {{call to actor-isolated instance method 'add' in a synchronous main actor-isolated context}}
        caption = "\(library.count) photos"
        // expected-error@-1 {{actor-isolated property 'count' can not be referenced from the main actor}}
    }
}
