// Check: swift6 rejects
@MainActor final class InboxModel {
    var messages: [String] = []

    func reload() {}

    func refreshInBackground() {
        Task.detached {
            self.reload()
            // expected-error@-1 {{main actor-isolated instance method 'reload()' cannot be called from outside of the actor}}
            print(self.messages.count)
            // expected-error@-1 {{main actor-isolated property 'messages' cannot be accessed from outside of the actor}}
        }
    }
}
