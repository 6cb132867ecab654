// Check: swift6 rejects
import Dispatch

func totalSize(of files: [[UInt8]]) -> Int {
    var total = 0
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        total += files[index].count
        // expected-error@-1 {{mutation of captured var 'total' in concurrently-executing code}}
    }
    let report: @Sendable () -> Void = { print(total) }
    // expected-error@-1 {{reference to captured var 'total' in concurrently-executing code}}
    report()
    return total
}
