// Rule: a global or `static let` is initialised lazily, on its first use, and exactly once, even
//   when many threads reach it at the same moment: the others wait for the first, and all get
//   the same value. It is Swift's `dispatch_once`; a `static let` cannot `await`, so one-time work
//   that suspends needs an actor that keeps the `Task` doing it.
// Source: *The Swift Programming Language*, ["Type Properties"](https://docs.swift.org/swift-book/documentation/the-swift-programming-language/properties/#Type-Properties)
//   ("Stored type properties are lazily initialized on their first access. They're guaranteed to
//   be initialized only once, even when accessed by multiple threads simultaneously"); the Swift
//   runtime's `swift_once`, which is `dispatch_once_f` on Darwin ([`include/swift/Threading/Impl/Darwin.h`](https://github.com/swiftlang/swift/blob/main/include/swift/Threading/Impl/Darwin.h))
// Recipes: run-once, thread-safe-singleton
// Check: swift6 prints
// > before the first use: the initialiser ran 0 time(s)
// > 100 threads at once: the initialiser ran 1 time(s), 1 instance(s) seen
import Dispatch
import Synchronization

nonisolated let initialiserRuns = Atomic(0)

final class Library: Sendable {
    static let shared: Library = {
        initialiserRuns.add(1, ordering: .relaxed)
        return Library()
    }()
}

@main struct Main {
    static func main() {
        print("before the first use: the initialiser ran \(initialiserRuns.load(ordering: .relaxed)) time(s)")
        let seen = Mutex<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            let library = Library.shared
            seen.withLock { _ = $0.insert(ObjectIdentifier(library)) }
        }
        let instances = seen.withLock { $0.count }
        let runs = initialiserRuns.load(ordering: .relaxed)
        print("100 threads at once: the initialiser ran \(runs) time(s), \(instances) instance(s) seen")
    }
}
