import Dispatch
import Legacy
import Modern
import RecipeKit
import Synchronization

extension Recipe {
    static let threadSafeSingleton = Recipe(
        id: "thread-safe-singleton",
        title: "A shared instance with safe state",
        chapter: .once,
        sources: [
            "*iOS Programming Cookbook*, §7.8 \"Performing a Task Only Once with GCD\" (its `sharedInstance`)",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Singletons and Thread Safety\"",
        ],
        file: "Once/PhotoLibrary.swift",
        apis: [
            APIMapping(
                "dispatch_once",
                "`static let shared`; an actor caching a `Task` when creating the instance must `await`"),
            APIMapping("NSLock", "`Mutex` (keeps the API synchronous); actor"),
        ],
        prose: Articles.recipe("thread-safe-singleton"),
        replaces: [.dispatchOnce, .nsLock, .nsLockLock],
        scenarios: [
            // Both sides run the same loop on `workers` threads or tasks, 100 reads of `shared` and
            // 1,000 `add` calls between them, so the timed job is the lock, not the way of
            // starting one call.
            // `shared` lives for the whole process: the first run of this scenario in a process (the
            // one `swift run compare` shows) is a true first access, 100 reads racing to create it;
            // later runs reach an instance that exists already. That the initialiser runs once is
            // the rule `a-static-let-is-initialised-once`, checked by its own program.
            Scenario(
                rules: [.invariant(["distinctSharedInstances", "count"])],
                legacy: { context in
                    let (instances, count) = await onOwnThread {
                        let seen = IdentitiesSeen()
                        DispatchQueue.concurrentPerform(iterations: workers) { _ in
                            for _ in 0..<100 / workers {
                                seen.insert(ObjectIdentifier(Legacy.PhotoLibrary.shared))
                            }
                        }
                        let library = Legacy.PhotoLibrary()
                        DispatchQueue.concurrentPerform(iterations: workers) { worker in
                            for index in 0..<1_000 / workers {
                                library.add(Legacy.PhotoLibrary.Photo(id: worker * 1_000 + index))
                            }
                        }
                        return (seen.count, library.count)
                    }
                    SingletonReport.record(
                        instances: instances,
                        count: count,
                        in: context
                    )
                },
                modern: { context in
                    let instances = await withTaskGroup(of: Set<ObjectIdentifier>.self) { group in
                        for _ in 0..<workers {
                            group.addTask {
                                var seen = Set<ObjectIdentifier>()
                                for _ in 0..<100 / workers {
                                    seen.insert(ObjectIdentifier(Modern.PhotoLibrary.shared))
                                }
                                return seen
                            }
                        }
                        return await group.reduce(into: Set()) { $0.formUnion($1) }.count
                    }
                    let library = Modern.PhotoLibrary()
                    await withTaskGroup(of: Void.self) { group in
                        for worker in 0..<workers {
                            group.addTask {
                                for index in 0..<1_000 / workers {
                                    library.add(Modern.PhotoLibrary.Photo(id: worker * 1_000 + index))
                                }
                            }
                        }
                    }
                    SingletonReport.record(
                        instances: instances,
                        count: library.count,
                        in: context
                    )
                }
            ),
            Scenario(
                "async initialisation",
                rules: [.exact, .invariant(["loads", "distinctInstances"])],
                legacy: { context in
                    let loads = LoadCount()
                    let delay = context.pace(.milliseconds(100))
                    let loader = Legacy.PhotoLibraryLoader { done in
                        loads.increment()
                        DispatchQueue.global().asyncAfter(deadline: .now() + delay.dispatchInterval) {
                            done(Legacy.PhotoLibrary())
                        }
                    }
                    let instances = await onOwnThread {
                        let seen = IdentitiesSeen()
                        let everyone = DispatchGroup()
                        DispatchQueue.concurrentPerform(iterations: 100) { _ in
                            everyone.enter()
                            loader.library { library in
                                seen.insert(ObjectIdentifier(library))
                                everyone.leave()
                            }
                        }
                        everyone.wait()
                        return seen.count
                    }
                    SingletonReport.recordLoads(loads.value, instances: instances, in: context)
                },
                modern: { context in
                    let loads = LoadCount()
                    let delay = context.pace(.milliseconds(100))
                    let loader = Modern.PhotoLibraryLoader {
                        loads.increment()
                        try? await Task.sleep(for: delay)  // never cancelled: the load is its own task
                        return Modern.PhotoLibrary()
                    }
                    let instances = await withTaskGroup(of: ObjectIdentifier.self) { group in
                        for _ in 0..<100 {
                            group.addTask { ObjectIdentifier(await loader.library()) }
                        }
                        return await group.reduce(into: Set()) { $0.insert($1) }.count
                    }
                    SingletonReport.recordLoads(loads.value, instances: instances, in: context)
                }
            ),
        ]
    )
}

/// How many threads (legacy) or child tasks (modern) share the calls.
private let workers = 4

/// What both sides log and record.
private enum SingletonReport {
    static func record(instances: Int, count: Int, in context: RunContext) {
        context.log("100 reads of shared from \(workers) concurrent workers got \(instances) instance(s)")
        context.log("count after 1000 adds from \(workers) concurrent workers = \(count)")
        context.record("distinctSharedInstances", instances)
        context.record("count", count)
    }

    static func recordLoads(_ loads: Int, instances: Int, in context: RunContext) {
        context.log("100 concurrent callers of the loader: \(loads) load(s), \(instances) instance(s)")
        context.record("loads", loads)
        context.record("distinctInstances", instances)
    }
}

/// The distinct instances that concurrent callers got.
private final class IdentitiesSeen: Sendable {
    private let identities = Locked<Set<ObjectIdentifier>>([])
    func insert(_ identity: ObjectIdentifier) { _ = identities.withLock { $0.insert(identity) } }
    var count: Int { identities.withLock { $0.count } }
}

/// How many times a loader's `load` closure ran.
private final class LoadCount: Sendable {
    private let loads = Atomic(0)
    func increment() { loads.add(1, ordering: .relaxed) }
    var value: Int { loads.load(ordering: .relaxed) }
}

extension Duration {
    /// The duration as a `DispatchTimeInterval`, for `asyncAfter`.
    fileprivate var dispatchInterval: DispatchTimeInterval {
        .nanoseconds(Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000))
    }
}
