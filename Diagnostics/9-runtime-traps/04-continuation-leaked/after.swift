enum AvatarError: Error { case offline }

/// Every path calls back: with the bytes, or with an error.
func fetchAvatar(
    online: Bool,
    completion: @escaping @Sendable (Result<[UInt8], AvatarError>) -> Void
) {
    completion(online ? .success([]) : .failure(.offline))
}

func avatar(online: Bool) async throws -> [UInt8] {
    try await withCheckedThrowingContinuation { continuation in
        fetchAvatar(online: online) { continuation.resume(with: $0) }
    }
}

@main struct Main {
    static func main() async {
        print((try? await avatar(online: false))?.count ?? 0)
    }
}
