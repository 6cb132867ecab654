import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let rcuSnapshot = Recipe(
        id: "rcu-snapshot",
        title: "Readers that never block: immutable snapshots",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its mention of write preference and read-copy-update"
        ],
        file: "SharedState/SnapshotStore.swift",
        apis: [
            APIMapping(
                "pthread_rwlock_t (pthread_rwlock_rdlock / pthread_rwlock_wrlock)",
                "an immutable `Snapshot` value swapped in a `Mutex<Snapshot>`; readers copy it out"),
            APIMapping(
                "pthread_rwlock_t around a reference swap (read-copy-update)",
                "`Mutex.withLock { $0 = next }`, or an actor property holding the snapshot"),
        ],
        prose: Articles.recipe("rcu-snapshot"),
        replaces: [.pthreadRWLock],
        scenarios: [
            Scenario(
                "rwlock in place vs Mutex<Snapshot>",
                rules: [.invariant(SnapshotReport.keys)],
                legacy: { context in
                    let store = Legacy.SnapshotStore()
                    let report = await withCheckedContinuation { done in
                        Legacy.SnapshotStore.exercise(
                            versions: 1_000, readers: 4, samples: 500,
                            publish: store.publish, read: store.read
                        ) { done.resume(returning: $0) }
                    }
                    SnapshotReport.record(
                        report.finalVersion, report.inconsistentReads, report.readersSeeingOlder, in: context)
                },
                modern: { context in
                    let store = Modern.SnapshotStore()
                    let report = await Modern.SnapshotStore.exercise(
                        versions: 1_000, readers: 4, samples: 500,
                        publish: { store.publish($0) }, read: { store.snapshot })
                    SnapshotReport.record(
                        report.finalVersion, report.inconsistentReads, report.readersSeeingOlder, in: context)
                }
            ),
            Scenario(
                "snapshot swap: rwlock vs actor",
                rules: [.invariant(SnapshotReport.keys)],
                legacy: { context in
                    let publisher = Legacy.SnapshotStore.Publisher()
                    let report = await withCheckedContinuation { done in
                        Legacy.SnapshotStore.exercise(
                            versions: 1_000, readers: 4, samples: 500,
                            publish: publisher.publish, read: { publisher.snapshot.values }
                        ) { done.resume(returning: $0) }
                    }
                    SnapshotReport.record(
                        report.finalVersion, report.inconsistentReads, report.readersSeeingOlder, in: context)
                },
                modern: { context in
                    let keeper = Modern.SnapshotStore.Keeper()
                    let report = await Modern.SnapshotStore.exercise(
                        versions: 1_000, readers: 4, samples: 500,
                        publish: { await keeper.publish($0) }, read: { await keeper.snapshot })
                    SnapshotReport.record(
                        report.finalVersion, report.inconsistentReads, report.readersSeeingOlder, in: context)
                }
            ),
        ]
    )
}

/// What both sides log and record.
private enum SnapshotReport {
    static let keys = ["finalVersion", "inconsistentReads", "readersSeeingOlder"]

    static func record(_ finalVersion: Int, _ inconsistentReads: Int, _ readersSeeingOlder: Int, in context: RunContext) {
        context.log("4 readers × 500 samples, while versions 1…1000 were published")
        context.record("finalVersion", finalVersion)
        context.record("inconsistentReads", inconsistentReads)
        context.record("readersSeeingOlder", readersSeeingOlder)
    }
}
