/// The oldest iOS and macOS a Modern pattern runs on, worked out from the APIs it uses.
///
/// A page's copy line states it, because an app that still supports iOS 16 or 17 should learn
/// before pasting that `Mutex` needs iOS 18, not from the compiler. The table lists only the APIs
/// newer than Swift concurrency itself (iOS 13, macOS 10.15) that the patterns use; each row's
/// versions are the `@available` of its declaration in the toolchain's `_Concurrency`,
/// `Synchronization` and `Swift` interfaces, which `AvailabilityTests` re-reads.
public struct Availability: Equatable, Sendable, CustomStringConvertible {
    /// One API newer than the concurrency baseline.
    public struct Requirement: Sendable {
        /// How the page names it: "`Mutex`".
        public let api: String
        /// Spellings in code that use it, matched as whole identifiers outside comments.
        public let spellings: [String]
        public let iOS: Version
        public let macOS: Version
        /// What an app with an older deployment target uses instead, and what changes; `nil` when
        /// the API is no newer than iOS 17 / macOS 14, where most apps are.
        public let fallback: String?
    }

    /// An OS version: 18 or 18.4.
    public struct Version: Comparable, Sendable, CustomStringConvertible {
        public let major: Int
        public let minor: Int
        public init(_ major: Int, _ minor: Int = 0) {
            self.major = major
            self.minor = minor
        }
        public static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
        public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }
    }

    /// Where Swift concurrency itself starts (async/await, actors, task groups, `AsyncStream`).
    public static let baseline = (iOS: Version(13), macOS: Version(10, 15))

    /// The APIs that raise a pattern's minimum, newest first.
    public static let table: [Requirement] = [
        Requirement(
            api: "`Task.immediate`",
            spellings: ["Task.immediate", "Task.immediateDetached"],
            iOS: Version(26), macOS: Version(26),
            fallback: "`Task { @MainActor in … }` instead of `Task.immediate`: its body starts on a later turn of the"
                + " main actor, after the caller's synchronous code, not at once up to its first `await`"),
        Requirement(
            api: "`addImmediateTask`", spellings: ["addImmediateTask", "addImmediateTaskUnlessCancelled"],
            iOS: Version(26), macOS: Version(26),
            fallback: "`addTask` instead of `addImmediateTask`, with the calls made in the loop before the children are"
                + " added (start each call, keep its handle, let the child await it), or one child that makes them in"
                + " turn: a child added with `addTask` makes its call when it first runs, in any order"),
        Requirement(
            api: "`escalatePriority(to:)`, `withTaskPriorityEscalationHandler`",
            spellings: ["escalatePriority", "withTaskPriorityEscalationHandler"],
            iOS: Version(26), macOS: Version(26),
            fallback: "start the work at the highest priority a waiter may need (`Task(priority:)`), or let waiters"
                + " await the work's task (awaiting a task raises it), instead of raising it by hand with"
                + " `escalatePriority(to:)` and `withTaskPriorityEscalationHandler`"),
        Requirement(
            api: "`Observations`", spellings: ["Observations"], iOS: Version(26), macOS: Version(26),
            fallback: "`withObservationTracking` (iOS 17, macOS 14), registered again in its `onChange` after each"
                + " change, instead of `Observations`: it fires once per registration, before the new value is set"),
        Requirement(
            api: "`isolated deinit`", spellings: ["isolated deinit"], iOS: Version(18, 4), macOS: Version(15, 4),
            fallback: "a plain `deinit` that touches only `Sendable` stored properties (a `Task` handle can be"
                + " cancelled from any thread), or an explicit `cancel()` the owner calls"),
        Requirement(
            api: "task executors (`withTaskExecutorPreference`)",
            spellings: ["TaskExecutor", "withTaskExecutorPreference", "executorPreference:", "globalConcurrentExecutor"],
            iOS: Version(18), macOS: Version(15),
            fallback: "a thread of its own awaited through a continuation (`blocking-the-pool`'s `onItsOwnThread`,"
                + " or `worker-thread-pool`) instead of a task executor: the blocking call leaves the pool all the same"),
        Requirement(
            api: "`Mutex`", spellings: ["Mutex"], iOS: Version(18), macOS: Version(15),
            fallback: "`OSAllocatedUnfairLock` (iOS 16, macOS 13; `withLock` reads the same) or an `NSLock` beside"
                + " the state instead of `Mutex`"),
        Requirement(
            api: "`Atomic`", spellings: ["Atomic"], iOS: Version(18), macOS: Version(15),
            fallback: "`OSAllocatedUnfairLock<Int>` (iOS 16, macOS 13) instead of `Atomic`: one lock per update,"
                + " still never blocking for long"),
        Requirement(
            api: "custom executors (`ExecutorJob`)", spellings: ["ExecutorJob"],
            iOS: Version(17), macOS: Version(14), fallback: nil),
        Requirement(
            api: "`withDiscardingTaskGroup`",
            spellings: ["withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup"],
            iOS: Version(17), macOS: Version(14), fallback: nil),
        Requirement(
            api: "`Task.basePriority`", spellings: ["basePriority"], iOS: Version(16), macOS: Version(13),
            fallback: nil),
        Requirement(
            api: "clocks and `Duration`",
            spellings: [
                "Clock", "ContinuousClock", "SuspendingClock", "Duration", "Task.sleep(for:", "Task.sleep(until:",
            ],
            iOS: Version(16), macOS: Version(13), fallback: nil),
    ]

    /// The newest requirements the code uses (all of them at the same, highest, version).
    public let requirements: [Requirement]
    public let iOS: Version
    public let macOS: Version

    /// The availability of `code` (a pattern with its companion files).
    public init(code: String) {
        let text = Self.withoutComments(code)
        let used = Self.table.filter { requirement in
            requirement.spellings.contains { Self.usesWithoutComments(text, $0) }
        }
        let iOS = used.map(\.iOS).max() ?? Self.baseline.iOS
        let macOS = used.map(\.macOS).max() ?? Self.baseline.macOS
        self.iOS = iOS
        self.macOS = macOS
        requirements = used.filter { $0.iOS == iOS && $0.macOS == macOS }
    }

    public static func == (a: Availability, b: Availability) -> Bool {
        a.iOS == b.iOS && a.macOS == b.macOS && a.requirements.map(\.api) == b.requirements.map(\.api)
    }

    /// "iOS 18, macOS 15 (`Mutex`)", or "iOS 13, macOS 10.15" for the baseline.
    public var description: String {
        let versions = "iOS \(iOS), macOS \(macOS)"
        return requirements.isEmpty ? versions : versions + " (" + requirements.map(\.api).joined(separator: ", ") + ")"
    }

    /// What the copy line says: the minimum, and for a minimum above iOS 17 / macOS 14 what an
    /// older target uses instead.
    public var sentence: String {
        var text = "**Needs** \(description)"
        if requirements.isEmpty { text += ": nothing newer than Swift concurrency itself." } else { text += "." }
        return text + fallbackSentence
    }

    /// " For an older target: …." when the minimum is above iOS 17 / macOS 14 and the newest API
    /// has a fallback; "" otherwise.
    public var fallbackSentence: String {
        let fallbacks = requirements.compactMap(\.fallback)
        guard iOS > Version(17) || macOS > Version(14), !fallbacks.isEmpty else { return "" }
        return " For an older target: " + fallbacks.joined(separator: "; ") + "."
    }

    /// Whether code with this availability needs a newer OS than `other` on either platform.
    public func needsMore(than other: Availability) -> Bool { iOS > other.iOS || macOS > other.macOS }

    /// Whether `code`, without its comments, uses `spelling` as a whole identifier (a spelling
    /// that ends in `(` or `:` only needs its start to be one).
    static func uses(_ code: String, _ spelling: String) -> Bool {
        usesWithoutComments(withoutComments(code), spelling)
    }

    /// `code` with each line's `//` comment cut off (once per code, not once per spelling).
    static func withoutComments(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
        .joined(separator: "\n")
    }

    /// `uses(_:_:)` on code whose comments `withoutComments(_:)` has already cut off.
    static func usesWithoutComments(_ text: String, _ spelling: String) -> Bool {
        let identifier: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        var rest = text[...]
        while let found = rest.range(of: spelling) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let startsWord = before.map { !identifier($0) } ?? true
            let endsWord =
                (spelling.last.map { !identifier($0) } ?? true) || (after.map { !identifier($0) } ?? true)
            if startsWord && endsWord { return true }
            rest = text[found.upperBound...]
        }
        return false
    }
}
