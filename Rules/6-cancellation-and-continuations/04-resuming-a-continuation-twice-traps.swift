// Rule: a `CheckedContinuation` must be resumed exactly once: a callback that fires twice
//   traps at its second resume with "SWIFT TASK CONTINUATION MISUSE".
// Source: [SE-0300, "Checked continuations"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0300-continuation.md)
// Recipes: group-wrap-callback-api, main-thread-check, sync-wait-for-callback
// Check: swift6 traps
// ! SWIFT TASK CONTINUATION MISUSE: value() tried to resume its continuation more than once, returning 2!
/// A callback API with a bug: on some paths it calls its completion twice.
func fetch(completion: @escaping @Sendable (Int) -> Void) {
    completion(1)
    completion(2)
}

func value() async -> Int {
    await withCheckedContinuation { continuation in
        fetch { continuation.resume(returning: $0) }
    }
}

@main struct Main {
    static func main() async {
        print(await value())
    }
}
