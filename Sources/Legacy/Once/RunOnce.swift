import Foundation

/// The classic launch code: a block sent to a global queue from inside a
/// once-box, so it runs once however often, and from however many threads,
/// launching is asked for.
///
/// Swift cannot call `dispatch_once`, so
/// `dispatch_once(&onceToken) { dispatch_async(queue, block) }` becomes an
/// `OnceToken` (a lock and a flag) around `DispatchQueue.global().async`. The
/// once-box guards only the *dispatch*: every caller returns at once, before
/// the block has run, and nothing tells them when it has. For a value, none of
/// this is needed: `static let` is Swift's `dispatch_once` (see
/// `RGBA.boringColor`).
public final class RunOnce: @unchecked Sendable {
    private let onceToken = OnceToken()
    private let concurrentQueue = DispatchQueue.global()
    private let started = DispatchGroup()
    private let log: @Sendable (String) -> Void
    private let setUp: @Sendable () -> Void
    // `@unchecked Sendable`: `numberOfEntries` is only read and written while
    // holding `lock`.
    private let lock = NSLock()
    private var numberOfEntries = 0

    /// `setUp` is the one-time work itself (reading settings, say); the classic
    /// block has none.
    public init(
        log: @escaping @Sendable (String) -> Void,
        setUp: @escaping @Sendable () -> Void = {}
    ) {
        self.log = log
        self.setUp = setUp
    }

    /// What the classic `application(_:didFinishLaunchingWithOptions:)` does.
    /// Call it as often as you like.
    public func didFinishLaunching() {
        onceToken.perform {
            concurrentQueue.async(group: started) { [self] in
                executedOnlyOnce()
            }
        }
    }

    private func executedOnlyOnce() {
        setUp()
        let entries = lock.withLock {
            numberOfEntries += 1
            return numberOfEntries
        }
        log("Executed \(entries) time(s)")
    }
}

// MARK: - A value: `static let` is Swift's `dispatch_once`

/// A colour as four numbers: the classic `UIColor`, which Linux does not have.
public struct RGBA: Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

extension RGBA {
    /// The classic `+boringColor`. A `static let` is initialised lazily, on
    /// first use, exactly once and thread-safely: the whole
    /// `static dispatch_once_t onceToken` dance in one line.
    public static let boringColor = RGBA(
        red: 0.380, green: 0.376, blue: 0.376, alpha: 1.000)
}

// MARK: - The once-box: `OnceToken`, a lock and a flag

/// `dispatch_once` for side effects: a lock and a flag.
///
/// Like `dispatch_once`, `perform` runs the block on the caller's thread, a
/// concurrent caller waits on the lock until the block has finished, and every
/// later call returns at once. Calling `perform` on the same token from inside
/// the block deadlocks on the `NSLock`; a recursive `dispatch_once` traps
/// instead ("trying to lock recursively").
public final class OnceToken: @unchecked Sendable {
    // `@unchecked Sendable`: `done` is only read and written while holding
    // `lock`.
    private let lock = NSLock()
    private var done = false

    public init() {}

    public func perform(_ block: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        block()
        done = true
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RunOnce {
    /// How many times the block has run.
    public var entries: Int { lock.withLock { numberOfEntries } }

    /// Calls `completion` on a global queue when the block has run (at once if
    /// it was never started).
    public func notify(_ completion: @escaping @Sendable () -> Void) {
        started.notify(queue: concurrentQueue, execute: completion)
    }
}

extension RGBA: CustomStringConvertible {
    public var description: String {
        let parts = [red, green, blue, alpha].map { String(format: "%.3f", $0) }
        return "RGBA(" + parts.joined(separator: ", ") + ")"
    }
}
