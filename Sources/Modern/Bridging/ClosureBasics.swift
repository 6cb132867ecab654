import Foundation

/// The same closures, ready to cross into other tasks: `@Sendable` types,
/// `async` closures, a `sending` parameter, and children of a task group.
///
/// A closure that runs in another task must be safe to call there. A
/// `@Sendable` closure may capture only `Sendable` values, so any task may call
/// it, as often as it likes. A `sending` closure need not be `@Sendable`: the
/// caller hands it over and can't touch what it captured afterwards, so exactly
/// one task owns it. An `async` closure may `await` inside. The conversions
/// run on the shared pool (`@concurrent`), three at once in a task group, and
/// the results come back in submission order.
public nonisolated enum ClosureBasics {
    /// A closure type that crosses tasks is `@Sendable`.
    public typealias IntToStringConverter = @Sendable (UInt) -> String

    public static let subtract: @Sendable (Int, Int) -> Int = {
        paramValue, paramFrom in
        paramFrom - paramValue
    }

    public static let intToString: IntToStringConverter = { paramInteger in
        "\(paramInteger)"
    }

    /// The conversion runs on the pool, so the converter goes there too.
    @concurrent
    public static func convertIntToString(
        _ paramInteger: UInt,
        using converter: IntToStringConverter
    ) async -> String {
        converter(paramInteger)
    }
}

// MARK: - Blocks as arguments, used at once or kept

nonisolated extension ClosureBasics {
    /// The SDK's enumeration is `map`: the closure runs once per element.
    public static func convertAll(
        _ numbers: [UInt],
        using converter: IntToStringConverter
    ) -> [String] {
        numbers.map(converter)
    }

    /// Kept after the call: `@escaping`, and `@Sendable` so that any task may
    /// call what is returned.
    public static func converter(
        for paramInteger: UInt,
        using converter: @escaping IntToStringConverter
    ) -> @Sendable () -> String {
        { converter(paramInteger) }
    }

    /// The three forms at once, as children of a task group.
    public static func doTheConversions() async -> [String] {
        let inlineConverter: IntToStringConverter = { paramInteger in
            "\(paramInteger)"
        }
        let converters: [IntToStringConverter] = [
            intToString, inlineConverter, { paramInteger in "\(paramInteger)" },
        ]
        return await withTaskGroup(of: (Int, String).self) { group in
            for (index, converter) in converters.enumerated() {
                group.addTask {
                    (index, await convertIntToString(123, using: converter))
                }
            }
            var results = Array(repeating: "", count: converters.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }
}

// MARK: - Blocks that call blocks

nonisolated extension ClosureBasics {
    /// `async` closures: one awaits the other.
    public static let trimString: @Sendable (String) async -> String = {
        inputString in
        inputString.trimmingCharacters(in: .whitespaces)
    }
    public static let trimWithOtherBlock: @Sendable (String) async -> String = {
        inputString in
        await trimString(inputString)
    }

    /// A closure that is not `@Sendable`, handed over to a new task: `sending`.
    public static func inNewTask<Result: Sendable>(
        _ body: sending @escaping () -> Result
    ) async -> Result {
        await Task { body() }.value
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ClosureBasics {
    /// Calls each form once, as the classic examples do.
    public static func run(log: (String) -> Void) async {
        log("subtract(10, 20) == \(subtract(10, 20))")
        log("string = \(intToString(10))")
        for result in await doTheConversions() { log("result = \(result)") }
        log("Trimmed string = \(await trimWithOtherBlock(" O'Reilly "))")
        // Not `@Sendable`: `inNewTask` takes it only because it is `sending`.
        let oneFrom: (Int) -> Int
        oneFrom = { anInt in anInt - 1 }
        log("\(await inNewTask { oneFrom(10) })")
    }
}
