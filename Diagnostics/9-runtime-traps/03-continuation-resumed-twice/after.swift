import Synchronization

func fetchQuote(completion: @escaping @Sendable (Int) -> Void) {
    completion(1)
    completion(2)
}

/// Resume once: the first call wins, later ones are dropped.
func quote() async -> Int {
    await withCheckedContinuation { continuation in
        let resumed = Atomic(false)
        fetchQuote { value in
            guard !resumed.exchange(true, ordering: .relaxed) else { return }
            continuation.resume(returning: value)
        }
    }
}

@main struct Main {
    static func main() async {
        print(await quote())
    }
}
