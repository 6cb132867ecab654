@MainActor final class InboxModel {
    var messages: [String] = []

    func reload() {}

    func refreshInBackground() {
        Task {
            reload()
            print(messages.count)
        }
    }
}
