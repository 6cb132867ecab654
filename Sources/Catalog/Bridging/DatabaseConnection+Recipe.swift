import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let orderedAsyncWrites = Recipe(
        id: "ordered-async-writes",
        title: "Fire-and-forget writes that must apply in submission order",
        chapter: .bridging,
        sources: [
            "Seen in real code: YapDatabase's `YapDatabaseConnection` (`asyncReadWriteWithBlock:completionQueue:"
                + "completionBlock:`: a serial queue per connection, one write queue per database)"
        ],
        file: "Bridging/DatabaseConnection.swift",
        apis: [
            APIMapping(
                "`DispatchQueue(label:)` per connection, `async` into it, `sync` onto one database-wide write queue",
                "a worker task per connection draining an `AsyncStream`; the database is an actor"),
            APIMapping(
                "completionHandler: run on a caller-chosen completionQueue",
                "`await connection.write(row)`; the shim's completion, run in order by a second worker the writes never wait for"),
            APIMapping(
                "DispatchQueue.async of each write, in the caller's order",
                "the shim `yield`s into the stream: the order is fixed when it returns (a `Task` per call loses it)"),
        ],
        prose: Articles.recipe("ordered-async-writes"),
        replaces: [.completionQueue, .dispatchQueueLabel, .queueAsync, .queueSync, .completionHandler],
        scenarios: [
            Scenario(
                "3 connections × 100 writes",
                rules: [.exact],
                legacy: { context in
                    let writers = WriterCount()
                    let database = Legacy.WriteDatabase(apply: writers.apply)
                    let (rows, heard) = await withCheckedContinuation { done in
                        Legacy.DatabaseConnection.exercise(
                            connections: OrderedWrites.connections, writes: OrderedWrites.writes, database: database
                        ) { done.resume(returning: ($0, $1)) }
                    }
                    OrderedWrites.report(rows, heard, mostWriters: writers.most, log: context.log)
                },
                modern: { context in
                    let writers = WriterCount()
                    let database = Modern.WriteDatabase(apply: writers.apply)
                    let (rows, heard) = await Modern.DatabaseConnection.exercise(
                        connections: OrderedWrites.connections, writes: OrderedWrites.writes, database: database)
                    OrderedWrites.report(rows, heard, mostWriters: writers.most, log: context.log)
                }
            )
        ]
    )
}

/// The scenario's workload and its report, the same for both sides.
enum OrderedWrites {
    static let connections = ["a", "b", "c"]
    static let writes = 100

    /// Two lines per connection: its writes applied in submission order, its completions in order
    /// (each row count larger than the one before); then the total and the most writers at once.
    static func report(
        _ rows: [String], _ heard: [String: [Int?]], mostWriters: Int, log: (String) -> Void
    ) {
        for name in connections {
            let applied = rows.filter { $0.hasPrefix(name) }
            let inOrder = applied == (0..<writes).map { "\(name)\($0)" }
            let counts = heard[name, default: []].compactMap { $0 }
            let completionsInOrder = zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }
            log("\(name): \(applied.count) writes \(inOrder ? "in order" : "OUT OF ORDER")")
            log("\(name): \(counts.count) completions \(completionsInOrder ? "in order" : "OUT OF ORDER")")
        }
        log("rows written: \(rows.count)")
        log("most writers at once: \(mostWriters)")
    }
}

/// Counts the writers inside `apply` at once, and the most seen.
final class WriterCount: Sendable {
    private let state = Locked((now: 0, most: 0))

    var most: Int { state.withLock { $0.most } }

    var apply: @Sendable (String) -> Void {
        { [state] _ in
            state.withLock { state in
                state.now += 1
                state.most = max(state.most, state.now)
            }
            state.withLock { $0.now -= 1 }
        }
    }
}
