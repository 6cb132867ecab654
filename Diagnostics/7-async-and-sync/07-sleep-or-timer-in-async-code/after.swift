func retryUpload(_ attempt: () async -> Bool) async throws {
    while await !attempt() {
        try await Task.sleep(for: .seconds(2))
    }
}

/// A repeating timer as a loop in a task: cancel the task to stop it.
func heartbeat() async {
    while !Task.isCancelled {
        print("heartbeat")
        try? await Task.sleep(for: .seconds(60))
    }
}
