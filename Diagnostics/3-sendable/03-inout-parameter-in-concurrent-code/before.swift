// Check: swift6 rejects
import Dispatch

func fillCache(_ cache: inout [String: Int], keys: [String]) {
    DispatchQueue.global().async {
        for key in keys { cache[key] = key.count }
        // expected-error@-1 {{mutable capture of 'inout' parameter 'cache' is not allowed in concurrently-executing code}}
    }
}
