import Foundation

/// Blocks become Swift closures: stored in constants, named with a
/// `typealias`, passed as parameters, written inline, called from closures.
///
/// Each Objective-C form has a direct spelling. `NSInteger (^subtract)(…)` is
/// a constant of function type, a block `typedef` is a `typealias`, a method
/// that takes a block takes a closure parameter, and `^(…) { … }` written at
/// the call is a trailing closure. The `%lu` format and the `(unsigned long)`
/// cast disappear: string interpolation knows the type. A closure that is only
/// called before its function returns, like `paramBlockObject` here, needs
/// neither `@escaping` nor `@Sendable`. Only the static constants carry
/// `@Sendable`: Swift 6 accepts a shared constant only if any thread may call
/// it.
public enum ClosureBasics {
    /// `typedef NSString* (^IntToStringConverter)(NSUInteger paramInteger)`.
    public typealias IntToStringConverter = (UInt) -> String

    /// `NSInteger (^subtract)(NSInteger, NSInteger)`.
    public static let subtract: @Sendable (Int, Int) -> Int = {
        paramValue, paramFrom in
        paramFrom - paramValue
    }

    /// `NSString* (^intToString)(NSUInteger)`.
    public static let intToString: @Sendable (UInt) -> String = {
        paramInteger in
        "\(paramInteger)"
    }

    /// `-convertIntToString:usingBlockObject:`: the block is a parameter.
    public static func convertIntToString(
        _ paramInteger: UInt,
        usingBlockObject paramBlockObject: IntToStringConverter
    ) -> String {
        paramBlockObject(paramInteger)
    }
}

// MARK: - Blocks as arguments, used at once or kept

extension ClosureBasics {
    /// A block handed to a Foundation method, which calls it once per
    /// element: `-enumerateObjectsUsingBlock:`.
    public static func convertAll(
        _ numbers: NSArray,
        usingBlockObject paramBlockObject: IntToStringConverter
    ) -> [String] {
        var results: [String] = []
        numbers.enumerateObjects { obj, _, _ in
            results.append(paramBlockObject(obj as! UInt))
        }
        return results
    }

    /// A block kept after the call returns (here, in the closure returned)
    /// escapes, and the parameter says so.
    public static func converter(
        for paramInteger: UInt,
        usingBlockObject paramBlockObject: @escaping IntToStringConverter
    ) -> () -> String {
        { paramBlockObject(paramInteger) }
    }

    /// A named block, a typed inline block, and a
    /// block literal written at the call.
    public static func doTheConversions() -> [String] {
        let inlineConverter: IntToStringConverter = { paramInteger in
            "\(paramInteger)"
        }
        return [
            convertIntToString(123, usingBlockObject: intToString),
            convertIntToString(123, usingBlockObject: inlineConverter),
            convertIntToString(123) { paramInteger in "\(paramInteger)" },
        ]
    }
}

// MARK: - Blocks that call blocks

extension ClosureBasics {
    /// A block that calls another block.
    public static let trimString: @Sendable (String) -> String = {
        inputString in
        inputString.trimmingCharacters(in: .whitespaces)
    }
    public static let trimWithOtherBlock: @Sendable (String) -> String = {
        inputString in
        trimString(inputString)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ClosureBasics {
    /// Calls each form once, as the classic examples do.
    public static func run(log: (String) -> Void) {
        log("subtract(10, 20) == \(subtract(10, 20))")
        log("string = \(intToString(10))")
        for result in doTheConversions() { log("result = \(result)") }
        log("Trimmed string = \(trimWithOtherBlock(" O'Reilly "))")
        // `int (^oneFrom)(int);` declared, then assigned.
        let oneFrom: (Int) -> Int
        oneFrom = { anInt in anInt - 1 }
        log("\(oneFrom(10))")
    }
}
