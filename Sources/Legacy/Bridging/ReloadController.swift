import Dispatch
import Foundation

/// A `@MainActor` closure handed to a non-`@Sendable` Dispatch parameter traps
/// when Dispatch runs it on another queue.
///
/// `DispatchGroup.notify(queue:execute:)` takes a plain `() -> Void`. A
/// closure written inside `@MainActor` code (a view controller, a view model)
/// and passed there is inferred to be `@MainActor` too, like the code around
/// it. Swift 6 checks that isolation when the closure starts, so when the group
/// runs it on a global queue the check fails and the process dies with SIGILL.
/// The compiler says nothing. `DispatchWorkItem(block:)`, `setEventHandler` and
/// `setCancelHandler` take plain closures as well; `async`, `asyncAfter` and
/// `concurrentPerform` take `@Sendable` ones, which are never inferred to be
/// `@MainActor`.
///
/// The check is only inserted where the file says `import Dispatch`. In a file
/// that imports only Foundation (which brings Dispatch along), Swift 6.3 on
/// Linux lets the same closure run on the global queue unchecked: no trap, and
/// a data race on whatever main-actor state it touches.
@MainActor
public final class ReloadController {
    private let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// The bug: the `notify` closure inherits `@MainActor` and runs on a
    /// global queue.
    public func reload(completion: @escaping @Sendable () -> Void) {
        let log = self.log
        let loaded = PageCounter()
        let group = DispatchGroup()
        log("loading 3 pages")
        for _ in 1...3 {
            DispatchQueue.global().async(group: group) { loaded.add() }
        }
        group.notify(queue: .global()) {
            log("\(loaded.value) pages loaded")
            log("group done")
            completion()
        }
    }
}

/// Pages loaded so far.
final class PageCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched with `lock` held.
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

// MARK: - Fixed: a `@Sendable` closure

extension ReloadController {
    /// `{ @Sendable in … }` is never inferred to be `@MainActor`, so it may run
    /// on any queue (and the compiler stops it from touching main-actor state).
    public func reloadWithSendableClosure(
        completion: @escaping @Sendable () -> Void
    ) {
        let log = self.log
        let loaded = PageCounter()
        let group = DispatchGroup()
        log("loading 3 pages")
        for _ in 1...3 {
            DispatchQueue.global().async(group: group) { loaded.add() }
        }
        group.notify(queue: .global()) { @Sendable in
            log("\(loaded.value) pages loaded")
            log("group done")
            completion()
        }
    }
}

// MARK: - Fixed: the Dispatch code in a nonisolated function

extension ReloadController {
    /// A closure written in nonisolated code has no actor to inherit. Keep
    /// legacy Dispatch code in nonisolated functions (never in `main.swift`
    /// top-level code or a `.defaultIsolation(MainActor.self)` target).
    public nonisolated static func loadPages(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let loaded = PageCounter()
        let group = DispatchGroup()
        log("loading 3 pages")
        for _ in 1...3 {
            DispatchQueue.global().async(group: group) { loaded.add() }
        }
        group.notify(queue: .global()) {
            log("\(loaded.value) pages loaded")
            log("group done")
            completion()
        }
    }
}
