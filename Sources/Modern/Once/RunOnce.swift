import Foundation

/// One-time async work, started by the first caller and awaited by every
/// caller: an actor that caches a `Task` (single flight).
///
/// A value needs no machinery: a `static let` is initialised once,
/// thread-safely, on first use (`RGBA.boringColor`). Work that must `await`
/// can't live in a `static let`, so an actor keeps the `Task` that does it. The
/// task is stored *before* the actor's first `await`: a caller arriving while
/// the work runs finds it and awaits the same task. Written as
/// `if done == false { await work() }`, the actor would let that caller in at
/// the `await` and run the work twice (actors are reentrant). Unlike the
/// once-box, every caller resumes only after the work has finished.
public actor RunOnce {
    private let log: @Sendable (String) -> Void
    private let setUp: @Sendable () async -> Void
    private var numberOfEntries = 0
    private var launch: Task<Void, Never>?

    /// `setUp` is the one-time work itself (reading settings, say); the classic
    /// block has none.
    public init(
        log: @escaping @Sendable (String) -> Void,
        setUp: @escaping @Sendable () async -> Void = {}
    ) {
        self.log = log
        self.setUp = setUp
    }

    /// What the classic `application(_:didFinishLaunchingWithOptions:)` does.
    /// Call it as often as you like.
    public func didFinishLaunching() async {
        let task = launch ?? Task { await executedOnlyOnce() }
        launch = task  // stored before the first await
        await task.value
    }

    private func executedOnlyOnce() async {
        await setUp()
        numberOfEntries += 1
        log("Executed \(numberOfEntries) time(s)")
    }
}

// MARK: - A value: `static let` is Swift's `dispatch_once`

/// A colour as four numbers: the classic `UIColor`, which Linux does not have.
public nonisolated struct RGBA: Hashable, Sendable {
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

nonisolated extension RGBA {
    /// The classic `+boringColor`: a `static let` is initialised lazily, on
    /// first use, exactly once and thread-safely.
    public static let boringColor = RGBA(
        red: 0.380, green: 0.376, blue: 0.376, alpha: 1.000)
}

// MARK: - No once-box: the actor keeps the one `Task`

// The actor's isolation replaces the lock, and the `Task` that
// `didFinishLaunching()` stores before its first `await` replaces the flag.

// MARK: - Driver (the page's output; not part of the pattern)

extension RunOnce {
    /// How many times the work has run.
    public var entries: Int { numberOfEntries }
}

nonisolated extension RGBA: CustomStringConvertible {
    public var description: String {
        let parts = [red, green, blue, alpha].map { String(format: "%.3f", $0) }
        return "RGBA(" + parts.joined(separator: ", ") + ")"
    }
}
