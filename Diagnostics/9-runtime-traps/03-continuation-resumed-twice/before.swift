// Check: swift6 traps
// ! SWIFT TASK CONTINUATION MISUSE: quote() tried to resume its continuation more than once, returning 2!
/// A callback API with a bug: on some paths it calls back twice.
func fetchQuote(completion: @escaping @Sendable (Int) -> Void) {
    completion(1)
    completion(2)
}

func quote() async -> Int {
    await withCheckedContinuation { continuation in
        fetchQuote { continuation.resume(returning: $0) }
    }
}

@main struct Main {
    static func main() async {
        print(await quote())
    }
}
