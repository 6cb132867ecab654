actor PhotoLibrary {
    var count = 0

    /// Adds a photo and returns the new count, in one isolated step.
    func add(_ name: String) -> Int {
        count += 1
        return count
    }
}

@MainActor final class LibraryScreen {
    let library = PhotoLibrary()
    var caption = ""

    func importTapped() {
        Task {
            let count = await library.add("beach.jpg")
            caption = "\(count) photos"
        }
    }
}
