import Synchronization

/// The same captures in closures that run in other tasks: copies by capture
/// list, shared state in a `Mutex`, writes returned as values.
///
/// A closure that may run concurrently (`@Sendable`, or handed to a task) can't
/// share a `var` with the code around it. Reading one is an error
/// (`reference to captured var 'integerValue' in concurrently-executing
/// code`), writing one too (`mutation of captured var 'total' in
/// concurrently-executing code`; for a task group child, `passing closure as a
/// 'sending' parameter risks causing data races …`). So the Objective-C
/// default is back: the closure copies (`[integerValue]`). What both sides must
/// see goes in a `Mutex` or an actor; what the closure computes comes back as
/// its result.
public nonisolated enum CaptureSemantics {
    /// The copy: a `@Sendable` closure needs the capture list.
    public static func scopeTestCopy(
        log: @escaping @Sendable (String) -> Void
    ) async {
        var integerValue = 10
        let myBlock: @Sendable () -> Void = { [integerValue] in
            log("Integer value inside the block = \(integerValue)")
        }
        integerValue = 20
        await Task { myBlock() }.value
        log("Integer value outside the block = \(integerValue)")
    }

    /// Shared with a task: the value lives in a `Mutex`.
    public final class SharedInteger: Sendable {
        private let value: Mutex<Int>
        public init(_ value: Int) { self.value = Mutex(value) }
        public func get() -> Int { value.withLock { $0 } }
        public func set(_ newValue: Int) { value.withLock { $0 = newValue } }
        public func add(_ amount: Int) { value.withLock { $0 += amount } }
    }

    public static func scopeTestShared(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let integerValue = SharedInteger(10)
        let myBlock: @Sendable () -> Void = {
            log("Integer value inside the block = \(integerValue.get())")
        }
        integerValue.set(20)
        await Task { myBlock() }.value
        log("Integer value outside the block = \(integerValue.get())")
    }
}

// MARK: - Locals, outside variables and `__block` writes

nonisolated extension CaptureSemantics {
    /// A task's own locals are its own: no restriction.
    public static func independentBlock(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await Task {
            var localInteger = 10
            log("local integer = \(localInteger)")
            localInteger = 20
            log("local integer = \(localInteger)")
        }.value
    }

    /// Reading a copy is fine; the write becomes a returned value, which the
    /// caller assigns. Returns `outsideVariable` (30).
    @discardableResult
    public static func simpleMethod(
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        var outsideVariable = 10
        await Task { [outsideVariable] in
            let insideVariable = 20
            log("Outside variable = \(outsideVariable)")
            log("Inside variable = \(insideVariable)")
        }.value
        outsideVariable = await Task {
            let insideVariable = 20
            let newValue = 30
            log("Outside variable = \(newValue)")
            log("Inside variable = \(insideVariable)")
            return newValue
        }.value
        return outsideVariable
    }

    /// Many writers: each child returns its part, and the group adds them up.
    public static func total(of values: [Int]) async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for value in values { group.addTask { value } }
            return await group.reduce(0, +)
        }
    }
}

// MARK: - `self` in a block

nonisolated extension CaptureSemantics {
    /// The owner of `stringProperty` is an actor: closures reach it there.
    public actor PropertyOwner {
        public var stringProperty = ""

        public init() {}

        /// A closure made in an actor method runs on the actor.
        public func simpleMethod(log: @escaping @Sendable (String) -> Void) {
            let block = {
                self.stringProperty = "Block Objects"
                log("String property = \(self.stringProperty)")
            }
            block()
        }

        /// The independent block takes the actor as an `isolated` parameter.
        public static let correctBlockObject:
            @Sendable (isolated PropertyOwner) -> Void = { owner in
                owner.stringProperty = "Block Objects"
            }
    }
}

// MARK: - Stopping an enumeration

nonisolated extension CaptureSemantics {
    /// No captured flag: `contains(where:)` returns it, and stops at the
    /// first match.
    public static func contains(
        _ string: String,
        in aSet: Set<String>,
        visited: (String) -> Void = { _ in }
    ) -> Bool {
        aSet.contains { candidate in
            visited(candidate)
            return candidate.lowercased() == string.lowercased()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension CaptureSemantics {
    /// The classic four-string set.
    public static let sampleSet: Set<String> = ["Alpha", "Beta", "Gamma", "X"]

    public static func runSelf(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await PropertyOwner().simpleMethod(log: log)
    }

    public static func runStop(log: (String) -> Void) {
        log("found = \(contains("gamma", in: sampleSet))")
    }
}
