// Check: swift6 rejects
import Foundation

func retryUpload(_ attempt: () async -> Bool) async {
    while await !attempt() {
        Thread.sleep(forTimeInterval: 2)
        // expected-error@-1 {{class method 'sleep' is unavailable from asynchronous contexts}}
    }
    _ = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in
    // expected-error@-1 {{class method 'scheduledTimer' is unavailable from asynchronous contexts}}
        print("heartbeat")
    }
}
