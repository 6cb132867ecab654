// Check: app-target rejects
import Foundation

/// An app target's operation: the class is main-actor code by default, but
/// `Operation` calls `main()` on a thread of its queue.
final class ResizeOperation: Operation {
// expected-error@-1 {{main actor-isolated initializer 'init()' has different actor isolation from nonisolated overridden declaration}}
// expected-warning@-2 {{class 'ResizeOperation' must restate inherited '@unchecked Sendable' conformance}}
    let size = 512

    override func main() {
    // expected-error@-1 {{main actor-isolated instance method 'main()' has different actor isolation from nonisolated overridden declaration}}
        print("resizing to \(size)")
    }
}
