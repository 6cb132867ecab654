// Check: swift6 rejects
import Dispatch

func fetchAvatar() async -> [UInt8] { [] }

@MainActor final class AvatarView {
    var bytes: [UInt8] = []

    func reload() {
        DispatchQueue.main.async {
        // expected-error@-1 {{cannot pass function of type '@Sendable () async -> ()' to parameter expecting synchronous function type}}
            self.bytes = await fetchAvatar()
            // expected-note@-1 {{'async' inferred from asynchronous operation used here}}
        }
        let handler: () -> Void = { () async in
        // expected-error@-1 {{invalid conversion from 'async' function of type '() async -> Void' to synchronous function type '() -> Void'}}
            _ = await fetchAvatar()
        }
        handler()
    }
}
