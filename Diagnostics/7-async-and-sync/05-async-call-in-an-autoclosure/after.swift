func isSignedIn() async -> Bool { true }

func shouldSync(onWiFi: Bool) async -> Bool {
    guard onWiFi else { return false }
    return await isSignedIn()
}
