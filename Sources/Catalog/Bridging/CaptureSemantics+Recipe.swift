import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let captureSemantics = Recipe(
        id: "closure-capture-semantics",
        title: "What a block captures: copy vs `__block` vs Swift",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.2 \"Accessing Variables in Block Objects\" (`scopeTest`, `simpleMethod`, `stringProperty`)",
            "Apple's *Cocoa Core Competencies*, \"Block object\" › \"Block-Mutable Variables\" and \"Using Blocks\" (`enumerateObjectsUsingBlock:`)",
        ],
        file: "Bridging/CaptureSemantics.swift",
        apis: [
            APIMapping(
                "a __block variable written in a block (the flag of enumerateObjectsUsingBlock:)",
                "a returned value; shared state in a `Mutex` or an actor"),
            APIMapping(
                "enumerateObjects(_:) with *stop = YES",
                "`contains(where:)`, `first(where:)`: the result is returned"),
        ],
        problem: """
            What a block sees of the variables around it, and what it may change: a captured \
            local, a `__block` local, the block's own locals, `self`'s properties, and a flag set \
            while enumerating a set.
            """,
        changes: [
            """
            The default is reversed. An Objective-C block copies each captured local when it is \
            created; Swift captures the variable itself, which is what `__block` did. The \
            legacy side reproduces the Objective-C default with a capture list, `{ \
            [integerValue] in … }`: it prints 10 although the variable is 20 by the call \
            (`CaptureSemanticsTests.aCaptureListCopiesAndAPlainCaptureShares`).
            """,
            """
            In code that may run concurrently the Objective-C default comes back, enforced. A \
            `@Sendable` closure, or one handed to a task, may not share a `var` with its \
            surroundings. Swift 6.3.1 says, for a read and a write in a `@Sendable` closure: \
            `error: reference to captured var 'integerValue' in concurrently-executing code` \
            and `error: mutation of captured var 'total' in concurrently-executing code`; for \
            `group.addTask { total += value }` in a task group: `error: passing closure as a \
            'sending' parameter risks causing data races between code in the current task and \
            concurrent execution of the closure`, with `note: closure captures reference to \
            mutable var 'total' which is accessible to code in the current task`.
            """,
            """
            The fixes, all on the modern side: copy with a capture list (`[integerValue]`, the \
            old default); return what the closure computed and assign it outside (the `__block` \
            write of `outsideVariable = 30` becomes `outsideVariable = await Task { … }.value`); \
            let each child of a task group return its part and add them up (`total(of:)`); and \
            keep state that both sides really share in a `Mutex` inside a `Sendable` class \
            (`SharedInteger`) or in an actor \
            (`CaptureSemanticsTests.modernSharedStateSurvivesManyConcurrentWriters`).
            """,
            """
            `self` in a block: the *iOS Programming Cookbook*'s class becomes an actor. A closure \
            made in an actor method runs on the actor and may set `stringProperty`; the book's \
            independent block, which takes `self` as a parameter, becomes a closure with an `isolated \
            PropertyOwner` parameter (`CaptureSemanticsTests.theIndependentBlockSetsThePropertyOnBothSides`).
            """,
            """
            The enumeration with a `__block BOOL found` and `*stop = YES` becomes \
            `contains(where:)`: the answer is returned, not written to a captured flag, and the \
            search stops at the first match on both sides \
            (`CaptureSemanticsTests.theEnumerationStopsAtTheMatch`).
            """,
        ],
        pitfalls: [
            """
            A closure stored in a property that captures `self` strongly is a retain cycle: the \
            object keeps the closure and the closure keeps the object. Capture `[weak self]` (see \
            `background-compute-weak-self`). Swift also makes you write `self.` in an escaping \
            closure, so the capture is visible.
            """,
            """
            `sortUsingComparator:` calls its block as often as the sort needs, in an order you \
            don't control, so don't count or order on its calls; this recipe calls each \
            comparator once, directly.
            """,
            """
            `NSSet.enumerateObjects(options: .concurrent)` runs the block on several threads at \
            once: a captured `var` written there is a data race, which the Swift 6 compiler \
            doesn't flag for this Objective-C API. Return the result instead.
            """,
        ],
        differences: [
            """
            The modern blocks run in tasks, so they get no shared `var` at all: the copy is \
            compulsory (`[integerValue]`), and what is shared lives in a `Mutex`. Hundreds of \
            concurrent writers through `SharedInteger.add` and hundreds of children summed by \
            `total(of:)` lose nothing \
            (`CaptureSemanticsTests.modernSharedStateSurvivesManyConcurrentWriters`), where the \
            legacy by-reference capture is safe only because everything runs on one thread.
            """
        ],
        errata: [
            """
            *iOS Programming Cookbook*, §7.2, the seventh (last) rule of the summary: "you can't \
            use dot syntax for declared properties in independent blocks" is not a rule about \
            blocks. The block's parameter \
            is typed `id`, and the compiler won't resolve a property's dot syntax on `id`; \
            declare the parameter as `AppDelegate *` and `self.stringProperty` compiles.
            """,
            """
            *iOS Programming Cookbook*, §7.2, the fifth rule of the summary: "local variables \
            defined inside the block's implementation can be read but not written" means the \
            method's locals that the block \
            captures. The block's own locals are writable, as the section's own \
            `independentBlockObject` shows (`localInteger = 20`).
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `CaptureSemantics` and its nested `SharedInteger` would land on the main actor, so the `@Sendable` block could not call `get()`; `nonisolated` keeps the examples and the shared value usable from any task.",
        replaces: [.blockEnumeration],
        scenarios: [
            Scenario(
                "copy vs reference",
                rules: [.exact],
                legacy: { context in
                    Legacy.CaptureSemantics.scopeTestCopy(log: context.log)
                    Legacy.CaptureSemantics.scopeTestShared(log: context.log)
                },
                modern: { context in
                    await Modern.CaptureSemantics.scopeTestCopy(log: context.log)
                    await Modern.CaptureSemantics.scopeTestShared(log: context.log)
                }
            ),
            Scenario(
                "locals and __block",
                rules: [.exact],
                legacy: { context in
                    Legacy.CaptureSemantics.independentBlock(log: context.log)
                    Legacy.CaptureSemantics.simpleMethod(log: context.log)
                },
                modern: { context in
                    await Modern.CaptureSemantics.independentBlock(log: context.log)
                    await Modern.CaptureSemantics.simpleMethod(log: context.log)
                }
            ),
            Scenario(
                "self",
                rules: [.exact],
                legacy: { context in Legacy.CaptureSemantics.runSelf(log: context.log) },
                modern: { context in await Modern.CaptureSemantics.runSelf(log: context.log) }
            ),
            Scenario(
                "stop early",
                rules: [.exact],
                legacy: { context in Legacy.CaptureSemantics.runStop(log: context.log) },
                modern: { context in Modern.CaptureSemantics.runStop(log: context.log) }
            ),
        ]
    )
}
