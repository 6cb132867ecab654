import RecipeKit

extension GuideNote {
    static let autoreleasePool = GuideNote(
        id: "autorelease-pool",
        title: "Autorelease pools in thread entry points",
        chapter: .threads,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\", §7.11 \"Running Tasks Synchronously with Operations\", §7.15 \"Creating Concurrency with Threads\" (`__NSAutoreleaseNoPool(): … just leaking`) and §7.16 \"Invoking Background Methods\"",
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating an Autorelease Pool\"",
        ],
        file: "Threads/AutoreleasePool.swift",
        apis: [
            APIMapping(
                "`NSAutoreleasePool` in a thread entry point",
                "nothing under ARC; `autoreleasepool {}` around each pass of a long loop, on Apple platforms"
            ),
            APIMapping(
                "`autoreleasepool {}` in an operation's `main` or a thread's loop",
                "`autoreleasepool {}` around the synchronous part of each pass, never across an `await`"
            ),
        ],
        legacy: """
            Under manual retain/release, an object sent `autorelease` was released when the innermost \
            `NSAutoreleasePool` drained. The main thread's run loop drained a pool on every pass, but a \
            secondary thread had none: every autoreleased object created there leaked, and the runtime \
            logged `__NSAutoreleaseNoPool(): … just leaking`. So classic thread entry points and \
            operation `main`s open with a pool and release it last, and a long-lived thread creates a \
            pool per pass of its loop so that objects don't pile up until the thread exits.
            """,
        nothingToRun: """
            `autoreleasepool` exists only where the Objective-C runtime does: on Linux there are no \
            autoreleased objects, and the function does not exist, so this page has nothing to \
            compare. On Apple platforms ARC and the threads that Dispatch and the Swift runtime \
            create set up the outer pool for you: a `Thread`, a queue block or a task never leaks \
            for want of a pool. What remains is memory growth, not a leak: objects autoreleased by \
            Objective-C APIs (`NSString` bridging, `NSData`, image decoding) live until the \
            enclosing pool drains, and a task does not drain one at its suspension points.
            """,
        instead: [
            """
            In a loop that calls Objective-C APIs many times (decode a thousand images, parse a large \
            file line by line), wrap the body of each pass in `autoreleasepool { … }`, on a thread \
            or in a task alike. Measure first: in Swift-only code the pool has nothing to drain.
            """,
            """
            Keep `await` out of the pool: `autoreleasepool`'s closure is synchronous, so put the \
            synchronous part of each pass inside it and suspend outside it, as the Modern code does.
            """,
            """
            Write it behind `#if canImport(ObjectiveC)` when the code also builds on Linux, as both \
            files of this note do; on Linux the loop needs no pool at all.
            """,
        ],
        pitfalls: [
            """
            A pool around a whole long-running task drains only when the task's loop ends: the \
            growth it was meant to cap comes back. The pool goes inside the loop.
            """
        ]
    )
}
