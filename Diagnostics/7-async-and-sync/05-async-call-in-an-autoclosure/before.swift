// Check: swift6 rejects
func isSignedIn() async -> Bool { true }

func shouldSync(onWiFi: Bool) async -> Bool {
    onWiFi && await isSignedIn()
    // expected-error@-1 {{'await' cannot appear to the right of a non-assignment operator}}
    // expected-error@-2 {{'async' call in an autoclosure that does not support concurrency}}
}
