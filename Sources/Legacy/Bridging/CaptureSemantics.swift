import Foundation

/// What a block sees of the variables around it, and what it may change:
/// Objective-C copies unless `__block`; Swift captures by reference unless a
/// capture list copies.
///
/// An Objective-C block copies each captured local when it is created, so it
/// prints the value of that moment and may not assign to it. `__block` shares
/// the variable instead: the block sees later changes, and its writes are seen
/// outside. Swift's default is the reverse: a closure captures the variable
/// itself (what `__block` did), and a capture list, `[integerValue]`, takes the
/// copy Objective-C took by default. Everything here is synchronous: each
/// closure runs before its function returns, on the caller's thread.
public enum CaptureSemantics {
    /// `scopeTest`: a capture list copies, as Objective-C did.
    public static func scopeTestCopy(log: @escaping (String) -> Void) {
        var integerValue = 10
        let myBlock = { [integerValue] in
            log("Integer value inside the block = \(integerValue)")
        }
        integerValue = 20
        myBlock()
        log("Integer value outside the block = \(integerValue)")
    }

    /// `__block NSUInteger integerValue`: Swift's plain capture.
    public static func scopeTestShared(log: @escaping (String) -> Void) {
        var integerValue = 10
        let myBlock = {
            log("Integer value inside the block = \(integerValue)")
        }
        integerValue = 20
        myBlock()
        log("Integer value outside the block = \(integerValue)")
    }
}

// MARK: - Locals, outside variables and `__block` writes

extension CaptureSemantics {
    /// `independentBlockObject`: the block's own local is read and written.
    public static func independentBlock(log: @escaping (String) -> Void) {
        let independentBlockObject = {
            var localInteger = 10
            log("local integer = \(localInteger)")
            localInteger = 20
            log("local integer = \(localInteger)")
        }
        independentBlockObject()
    }

    /// `simpleMethod`: reads `outsideVariable`; then, as with `__block`,
    /// writes it. The Objective-C version passes the block to
    /// `sortUsingComparator:`, which calls it as often as it likes; each
    /// comparator is called once here.
    /// Returns `outsideVariable` (30: the block's write is seen outside).
    @discardableResult
    public static func simpleMethod(log: @escaping (String) -> Void) -> Int {
        var outsideVariable = 10
        let comparator: (Any, Any) -> ComparisonResult = { _, _ in
            let insideVariable = 20
            log("Outside variable = \(outsideVariable)")
            log("Inside variable = \(insideVariable)")
            return .orderedSame
        }
        _ = comparator("obj1", "obj2")
        let writingComparator: (Any, Any) -> ComparisonResult = { _, _ in
            let insideVariable = 20
            outsideVariable = 30
            log("Outside variable = \(outsideVariable)")
            log("Inside variable = \(insideVariable)")
            return .orderedSame
        }
        _ = writingComparator("obj1", "obj2")
        return outsideVariable
    }
}

// MARK: - `self` in a block

extension CaptureSemantics {
    /// The classic `AppDelegate` with its `stringProperty`.
    public final class PropertyOwner {
        public var stringProperty = ""

        public init() {}

        /// An inline block uses `self` from the method around it.
        public func simpleMethod(log: @escaping (String) -> Void) {
            let block = {
                self.stringProperty = "Block Objects"
                log("String property = \(self.stringProperty)")
            }
            block()
        }

        /// An independent block gets the object as a parameter.
        public static let correctBlockObject:
            @Sendable (PropertyOwner) -> Void = {
                owner in
                owner.stringProperty = "Block Objects"
            }
    }
}

// MARK: - Stopping an enumeration

extension CaptureSemantics {
    /// `__block BOOL found`, set in the block, which also
    /// stops the enumeration through its `stop` pointer.
    public static func contains(
        _ string: String,
        in aSet: NSSet,
        visited: (String) -> Void = { _ in }
    ) -> Bool {
        var found = false
        aSet.enumerateObjects { obj, stop in
            let candidate = obj as! String
            visited(candidate)
            if candidate.caseInsensitiveCompare(string) == .orderedSame {
                stop.pointee = true
                found = true
            }
        }
        return found
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension CaptureSemantics {
    /// The classic four-string set.
    public static var sampleSet: NSSet {
        NSSet(array: ["Alpha", "Beta", "Gamma", "X"])
    }

    public static func runSelf(log: @escaping (String) -> Void) {
        PropertyOwner().simpleMethod(log: log)
    }

    public static func runStop(log: (String) -> Void) {
        log("found = \(contains("gamma", in: sampleSet))")
    }
}
