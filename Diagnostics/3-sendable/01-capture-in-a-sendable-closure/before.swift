// Check: swift6 rejects
import Dispatch

final class FeedLoader {
// expected-note@-1 {{class 'FeedLoader' does not conform to the 'Sendable' protocol}}
    var loaded = 0

    func loadMore() {
        DispatchQueue.global().async {
            self.loaded += 20
            // expected-error@-1 {{capture of 'self' with non-Sendable type 'FeedLoader' in a '@Sendable' closure}}
        }
    }
}
