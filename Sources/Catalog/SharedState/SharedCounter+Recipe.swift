import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let raceConditionCounter = Recipe(
        id: "race-condition-counter",
        title: "Lost updates without mutual exclusion",
        chapter: .sharedState,
        sources: [
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Critical Section\", \"Race Condition\" and \"Thread Safe\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `NSLock` ticket-sale example (\"without the lock tickets can reach −1\") and its remarks on a shared integer and mutual exclusion",
        ],
        file: "SharedState/SharedCounter.swift",
        apis: [
            APIMapping("NSLock around count += 1", "`Mutex.withLock { $0 += 1 }`; an actor method"),
            APIMapping("pthread_mutex_lock around count += 1", "`Mutex.withLock`"),
        ],
        problem: """
            Several threads increment one integer. Without mutual exclusion, two of them can read \
            the same value and both write it back plus one, and an increment is lost.
            """,
        changes: [
            """
            The unlocked loop does not compile in Swift 6. The legacy loop written with a task \
            group gets, from Swift 6.3.1: `error: passing closure as a 'sending' parameter risks \
            causing data races between code in the current task and concurrent execution of the \
            closure [#SendingClosureRisksDataRace]`, with the note `closure captures reference to \
            mutable var 'count' which is accessible to code in the current task`. The legacy side \
            compiles only because `nonisolated(unsafe)` switches the check off, which is why that \
            spelling belongs in demos and nowhere else.
            """,
            """
            The step-by-step scenario forces the losing interleaving with semaphores: A reads 0, B \
            reads 0, A writes 1, B writes 1, so two increments leave 1 \
            (`SharedCounterTests.legacyStepByStepLosesAnUpdate`). In the modern version the read, \
            add and write are one actor call, so nothing runs between them and two increments \
            give 2 (`SharedCounterTests.modernActorIncrementsCannotInterleave`).
            """,
            """
            With a lock, 4 threads × 10,000 increments give exactly 40,000; so do 4 tasks with a \
            `Mutex` or an actor. For this bare increment the `Mutex` is the fast one and the actor \
            the slow one (a hop per call): see `lock-zoo` for the measured numbers.
            """,
            """
            The free-running unlocked loop (4 threads × 10,000 `count += 1`, started together) is \
            in the legacy file and in its test, which prints the total and asserts nothing about \
            it: the number can change from run to run, so it is not shown on this page. In this \
            project's runs (2 busy cores) it printed 40,000 every time: each thread's loop is so \
            short that the threads mostly ran one after another. The atomic-property loop of \
            `atomic-counter`, slower per step, printed anything from 18,888 to 40,000. A race \
            that usually gives the right answer is still a race, which is why Swift 6 rejects it \
            and ThreadSanitizer reports it.
            """,
        ],
        pitfalls: [
            """
            An actor protects what happens inside one call. `let seen = await counter.value` \
            followed by `await counter.set(seen + 1)` loses updates just like the threads do \
            (`actor-reentrancy`).
            """,
            """
            `count += 1` is not one step. Making each read and each write atomic is not enough \
            either (`atomic-counter`): the read-modify-write as a whole must be exclusive.
            """,
            """
            A `let` array is safe to share between threads; a `var` one is not (as the *Grand \
            Central Dispatch Tutorial for Swift* says under "Thread Safe"). In Swift 6 the \
            compiler enforces it: a mutable capture in concurrently running code is an error.
            """,
            """
            The unlocked loop is a real data race, and ThreadSanitizer reports it (on \
            `count += 1`, line 20) even in runs whose total came out at 40,000: it tracks \
            happens-before, not luck. `.ci/tsan.supp` suppresses exactly \
            `SharedCounter.countWithoutALock`, the demonstration, and nothing else; the \
            step-by-step version, whose accesses the semaphores order, needs no suppression.
            """,
        ],
        annotations: [
            """
            `nonisolated(unsafe) var count` lets the unlocked demo (and the step-by-step one, whose \
            accesses the semaphores order) capture a mutable local in `@Sendable` thread \
            closures. It is an opt-out of checking, not a protection.
            """,
            "`LockedCounter` is `@unchecked Sendable`: `count` is only touched while holding its `NSLock`.",
        ],
        differences: [
            """
            Two increments in the losing interleaving leave 1 on the legacy side; the modern \
            actor's increments cannot interleave and leave 2 \
            (`SharedCounterTests.legacyStepByStepLosesAnUpdate`, \
            `SharedCounterTests.modernActorIncrementsCannotInterleave`). The rule compares the \
            number of increments made.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `MutexCounter` would land on the main actor, so the child tasks could not call `increment()`; `nonisolated` keeps the counters and the loops that drive them off it.",
        replaces: [.nonisolatedUnsafe],
        scenarios: [
            Scenario(
                "lost update, step by step",
                rules: [.invariant(["increments"])],
                legacy: { context in
                    let log = context.log
                    let total = await onOwnThread { Legacy.SharedCounter.loseAnUpdate(log: log) }
                    context.log("total = \(total) after 2 increments")
                    context.record("increments", 2)
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SharedCounter.incrementTwice(log: context.log)
                    context.log("total = \(total) after 2 increments")
                    context.record("increments", 2)
                    context.record("total", total)
                }
            ),
            Scenario(
                "NSLock vs Mutex",
                rules: [.invariant(["total"])],
                legacy: { context in
                    let total = await onOwnThread { Legacy.SharedCounter.countWithALock() }
                    context.log("NSLock: 4 threads × 10000 increments = \(total)")
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SharedCounter.countWithAMutex()
                    context.log("Mutex: 4 tasks × 10000 increments = \(total)")
                    context.record("total", total)
                }
            ),
            Scenario(
                "NSLock vs actor",
                rules: [.invariant(["total"])],
                legacy: { context in
                    let total = await onOwnThread { Legacy.SharedCounter.countWithALock() }
                    context.log("NSLock: 4 threads × 10000 increments = \(total)")
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SharedCounter.countWithAnActor()
                    context.log("actor: 4 tasks × 10000 increments = \(total)")
                    context.record("total", total)
                }
            ),
        ]
    )
}
