import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let closureBasics = Recipe(
        id: "closure-basics",
        title: "Blocks as values, parameters and inline literals → closures",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.1 \"Constructing Block Objects\" (`subtract`, `intToString`, `convertIntToString:usingBlockObject:`)",
            "*iOS Programming Cookbook*, §7.3 \"Invoking Block Objects\" (`trimString`, `trimWithOtherBlock`)",
            "Apple's *Cocoa Core Competencies*, \"Block object\" › \"Declaring a Block\", \"Creating a Block\" and \"Using Blocks\" (`oneFrom`)",
        ],
        file: "Bridging/ClosureBasics.swift",
        apis: [
            APIMapping(
                "a block passed to a method (usingBlockObject:, enumerateObjectsUsingBlock:)",
                "a closure parameter; `map` instead of the enumeration"),
            APIMapping(
                "a block kept and called later on another thread (completionHandler:)",
                "an `@escaping` closure that is also `@Sendable`, or a `sending` parameter a task takes over"),
        ],
        problem: """
            Write, store, pass and call blocks, including blocks that call blocks: a block in a \
            constant, a block `typedef`, a method that takes a block, a block written at the call, \
            and a block declared first and assigned later.
            """,
        changes: [
            """
            Each Objective-C form has a Swift spelling: `NSInteger (^subtract)(NSInteger, \
            NSInteger)` is a constant of function type, the `typedef` is a `typealias`, \
            `usingBlockObject:` is a closure parameter, and `^(NSUInteger paramInteger) { … }` \
            written at the call is a trailing closure. The `%lu` format and its `(unsigned long)` \
            cast disappear: interpolation knows the type. A block handed to a Foundation method \
            such as `enumerateObjectsUsingBlock:` becomes a closure handed to `map` \
            (`ClosureBasicsTests.eachBlockComputesWhatTheClassicExampleSays`).
            """,
            """
            The legacy side is plain synchronous code, and Swift 6 asks for one annotation only: \
            a `static let` holding a closure must be `@Sendable`, because any thread may call a \
            shared constant. A parameter called before the function returns needs no annotation; \
            one kept for later is `@escaping` \
            (`ClosureBasicsTests.anEscapingConverterIsCalledAfterTheCallReturns`).
            """,
            """
            On the modern side the closures cross tasks. `IntToStringConverter` is \
            `@Sendable (UInt) -> String`, so the three conversions of `doTheConversions` can run at \
            once as children of a task group, on the pool (`@concurrent`), and still come back in \
            submission order (`ClosureBasicsTests.modernConversionsRunAsChildTasksInOrder`). \
            `trimString` and `trimWithOtherBlock` become `async` closures: one awaits the other.
            """,
            """
            A closure that is not `@Sendable` can still go to a new task if the caller gives it \
            up: `inNewTask(_ body: sending @escaping () -> Result)` hands `oneFrom`, an ordinary \
            `(Int) -> Int`, to `Task {}` (`ClosureBasicsTests.aSendingClosureRunsInANewTask`). \
            Without `sending` the compiler refuses the hand-over.
            """,
        ],
        pitfalls: [
            """
            `@escaping` is not `@Sendable`. An escaping closure may be kept, but if it may run on \
            another thread or in another task it must also be `@Sendable` (or handed over as \
            `sending`), which limits what it may capture (`closure-capture-semantics`).
            """,
            """
            A completion handler is an escaping block called later; the modern replacement is \
            usually not a closure at all but an `async` function (`async-api-completion-queue`).
            """,
        ],
        annotations: [
            """
            `subtract`, `intToString`, `trimString` and `trimWithOtherBlock` are `@Sendable`: \
            Swift 6 rejects a `static let` of a non-`Sendable` type (`static property … is not \
            concurrency-safe`). They capture nothing, so the annotation costs nothing.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ClosureBasics` would land on the main actor, so `doTheConversions` would run its group's loop there and `inNewTask` would run the handed-over closure in a task inheriting the main actor; `nonisolated` keeps them on the caller's executor and that task off the main actor.",
        replaces: [.blockEnumeration],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in Legacy.ClosureBasics.run(log: context.log) },
                modern: { context in await Modern.ClosureBasics.run(log: context.log) }
            )
        ]
    )
}
