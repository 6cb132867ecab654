// Check: swift6 hangs
// ! SWIFT TASK CONTINUATION MISUSE: avatar(online:) leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever.
/// A callback API with a bug: when offline it never calls back.
func fetchAvatar(
    online: Bool, completion: @escaping @Sendable ([UInt8]) -> Void
) {
    if online { completion([]) }
}

func avatar(online: Bool) async -> [UInt8] {
    await withCheckedContinuation { continuation in
        fetchAvatar(online: online) { continuation.resume(returning: $0) }
    }
}

@main struct Main {
    static func main() async {
        print(await avatar(online: false).count)
    }
}
