// Uses: FakeSDK
// Check: swift6 rejects
import FakeSDK

func requestDeadline() -> Int {
    defaultTimeout * 2
    // expected-error@-1 {{reference to var 'defaultTimeout' is not concurrency-safe because it involves shared mutable state}}
}
