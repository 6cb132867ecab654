import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let priorityInversionDemo = Recipe(
        id: "priority-inversion-demo",
        title: "A low-priority lock holder delays a high-priority waiter",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its definition of priority inversion",
            "*Threading Programming Guide*, \"Thread Management\" › \"Setting the Thread Priority\"",
        ],
        file: "SharedState/ContendedResource.swift",
        apis: [
            APIMapping(
                "NSLock shared by a .background and a .userInteractive queue",
                "an actor: `Task(priority: .background)` in a long method, `Task(priority: .high)` awaiting it"
            ),
            APIMapping(
                "DispatchQueue(label:qos: .background)",
                "`Task(priority:)`; priorities are hints, and escalation needs a waiter the runtime can see"),
        ],
        problem: """
            A background job holds a lock that a user-interactive job needs. Until the background \
            job leaves its critical section, the high-priority job waits at low priority: a priority \
            inversion.
            """,
        changes: [
            """
            The lock becomes an actor, and the critical section an actor method without `await`: \
            it runs to its end, like the locked region. The background task calls it, the \
            high-priority task awaits the actor, and the order is the same as with the lock: \
            `low acquired`, `high waiting`, `low released`, `high acquired`.
            """,
            """
            What changes is that the runtime can see the waiter. On Apple platforms a task that \
            awaits an actor, a task's `value`, an `async let` or a group's child **escalates** the \
            work it waits for to its own priority, so the background method finishes at the \
            waiter's priority. Apple's lock-based answer was a lock that records its owner \
            (`os_unfair_lock`; `pthread_mutex`, which `NSLock` wraps; `sync` onto a serial queue). \
            A semaphore, `group.wait()` or a condition variable has no owner, so nobody is \
            boosted; neither is a task waiting on a continuation that some other task resumes.
            """,
            """
            On Linux neither side boosts anything: QoS classes, thread priorities and task \
            priorities are hints to a scheduler that treats them as such. So this page shows only \
            the order of events; no test asserts a timing or a priority effect.
            """,
            """
            The order is deterministic on both sides. Legacy: the low job, holding the lock, waits \
            until the log shows `high waiting`. Modern: the long method itself starts the \
            high-priority task with `Task.immediate`, which runs on the current thread up to its \
            first suspension, the `await` on the busy actor; so `high waiting` is logged and the \
            task is queued on the actor before the method returns. Nothing blocks a thread.
            """,
        ],
        pitfalls: [
            """
            Never make high-priority code wait on a semaphore (or `group.wait()`) for work running \
            at a lower priority: nothing tells the system whom to boost. Await the work instead.
            """,
            """
            Raising thread priorities makes starvation of the lower ones more likely (as the \
            *Threading Programming Guide* warns in "Setting the Thread Priority"); leave \
            priorities at their defaults unless you have measured a reason.
            """,
            """
            An actor method that awaits in the middle is no longer a critical section: at the \
            `await`, the high-priority call gets in (`actor-reentrancy`).
            """,
            """
            `NSLock.lock()` can't be called from async code (it is `noasync`); the legacy \
            demonstration runs on its own threads.
            """,
        ],
        annotations: [
            """
            `ContendedResource` is plainly `Sendable`: its lock and queues are `let`s of \
            `Sendable` types.
            """,
            "The log and work closures are `@escaping @Sendable`: they run on the two queues.",
        ],
        differences: [
            """
            Legacy blocks two threads (the low job at the gate, the high job on the lock); Modern \
            blocks none: the low method returns without waiting, and the high-priority task \
            suspends at the actor. Both logs keep the same partial order in every run \
            (`ContendedResourceTests.theOrderIsTheSameOnBothSides`), and the high-priority task \
            was queued on the actor before the low method returned \
            (`ContendedResourceTests.modernHighTaskWaitsAtTheActorBeforeTheLowMethodReturns`).
            """
        ],
        replaces: [.backgroundQueue],
        scenarios: [
            Scenario(
                rules: [
                    .partialOrder([
                        OrderConstraint(.line("low acquired"), before: .line("high waiting")),
                        OrderConstraint(.line("high waiting"), before: .line("low released")),
                        OrderConstraint(.line("low released"), before: .line("high acquired")),
                    ]),
                    // The gate fixes the whole order, so the transcripts are equal line for line.
                    .exact,
                ],
                legacy: { context in
                    await onOwnThread { Legacy.ContendedResource.demonstrate(log: context.log) }
                },
                modern: { context in
                    await Modern.ContendedResource.demonstrate(log: context.log)
                }
            )
        ]
    )
}
