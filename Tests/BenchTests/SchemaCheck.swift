import BenchKit
import Catalog
import Foundation
import Testing

/// Checks a results file against `Benchmarks/README.md` (schema version 1), field by field.
///
/// The keys are checked on the raw JSON as well as through the `Codable` model, so a renamed field
/// fails here even if the model was renamed with it: the guide reads these names.
enum SchemaCheck {
    static let topKeys: Set = ["schemaVersion", "machine", "primitives", "fanOut", "speedup", "blocking"]
    static let machineKeys: Set = [
        "cores", "memoryBytes", "os", "toolchain", "configuration", "date", "quick", "seconds",
    ]
    static let primitiveKeys: Set = ["id", "title", "legacy", "modern", "recipes"]
    static let figureKeys: Set = ["name", "minNs", "medianNs"]
    static let seriesKeys: Set = ["id", "name", "side", "points", "stoppedAt"]
    static let pointKeys: Set = ["n", "nsPerJob", "peakRSSBytes"]
    static let workloadKeys: Set = ["id", "name", "sequentialSeconds", "variants"]
    static let variantKeys: Set = ["name", "side", "seconds", "speedup"]
    static let blockingKeys: Set = ["jobs", "blockSeconds", "rows"]
    static let blockingRowKeys: Set = ["id", "name", "side", "seconds", "peakThreads"]

    /// Decodes `data` and records an issue for every way it departs from the schema.
    static func check(_ data: Data) throws -> BenchResults {
        let results = try JSONDecoder().decode(BenchResults.self, from: data)
        let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        try checkKeys(raw)
        checkValues(results)
        return results
    }

    static func keys(_ value: Any?) throws -> Set<String> {
        Set(try #require(value as? [String: Any]).keys)
    }

    static func list(_ value: Any?) throws -> [[String: Any]] {
        try #require(value as? [[String: Any]])
    }

    static func checkKeys(_ raw: [String: Any]) throws {
        #expect(Set(raw.keys) == topKeys)
        #expect(try keys(raw["machine"]) == machineKeys)
        for primitive in try list(raw["primitives"]) {
            #expect(Set(primitive.keys) == primitiveKeys)
            #expect(try keys(primitive["legacy"]) == figureKeys)
            #expect(try keys(primitive["modern"]) == figureKeys)
        }
        let fanOut = try #require(raw["fanOut"] as? [String: Any])
        #expect(Set(fanOut.keys) == ["sizes", "series"])
        for series in try list(fanOut["series"]) {
            #expect(Set(series.keys) == seriesKeys, "stoppedAt is written even when null")
            for point in try list(series["points"]) { #expect(Set(point.keys) == pointKeys) }
        }
        let speedup = try #require(raw["speedup"] as? [String: Any])
        #expect(Set(speedup.keys) == ["cores", "workloads"])
        for workload in try list(speedup["workloads"]) {
            #expect(Set(workload.keys) == workloadKeys)
            for variant in try list(workload["variants"]) { #expect(Set(variant.keys) == variantKeys) }
        }
        #expect(try keys(raw["blocking"]) == blockingKeys)
        for row in try list((raw["blocking"] as? [String: Any])?["rows"]) {
            #expect(Set(row.keys) == blockingRowKeys)
        }
    }

    static func positive(_ value: Double, _ what: String) {
        #expect(value.isFinite && value > 0, "\(what) = \(value)")
    }

    static func isKebabCase(_ id: String) -> Bool {
        id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil
    }

    static func checkValues(_ results: BenchResults) {
        #expect(results.schemaVersion == 1)
        let machine = results.machine
        #expect(machine.cores > 0 && machine.memoryBytes > 0)
        #expect(["debug", "release"].contains(machine.configuration))
        #expect(!machine.os.isEmpty && !machine.toolchain.isEmpty)
        #expect(ISO8601DateFormatter().date(from: machine.date) != nil, "date \(machine.date)")
        positive(machine.seconds, "machine.seconds")

        let known = Set(Catalog.recipes.map(\.id))
        #expect(!results.primitives.isEmpty)
        for primitive in results.primitives {
            #expect(isKebabCase(primitive.id), "\(primitive.id)")
            #expect(!primitive.title.isEmpty)
            for figure in [primitive.legacy, primitive.modern] {
                #expect(!figure.name.isEmpty)
                positive(figure.minNs, "\(primitive.id) minNs")
                positive(figure.medianNs, "\(primitive.id) medianNs")
                #expect(figure.minNs <= figure.medianNs, "\(primitive.id): min above median")
            }
            for recipe in primitive.recipes { #expect(known.contains(recipe), "\(primitive.id) names \(recipe)") }
            #expect(Set(primitive.recipes).count == primitive.recipes.count)
        }

        let sizes = results.fanOut.sizes
        #expect(!sizes.isEmpty && sizes == sizes.sorted() && Set(sizes).count == sizes.count)
        #expect(Set(results.fanOut.series.map(\.side)) == [.legacy, .modern])
        for series in results.fanOut.series {
            #expect(isKebabCase(series.id))
            let ns = series.points.map(\.n)
            #expect(ns == ns.sorted() && Set(ns).count == ns.count && ns.allSatisfy(sizes.contains))
            #expect(series.stoppedAt != nil || ns == sizes, "\(series.id) skipped a size without saying why")
            for point in series.points {
                positive(point.nsPerJob, "\(series.id) \(point.n) nsPerJob")
                #expect(point.peakRSSBytes > 0)
            }
        }

        #expect(results.speedup.cores == machine.cores)
        #expect(!results.speedup.workloads.isEmpty)
        for workload in results.speedup.workloads {
            #expect(isKebabCase(workload.id))
            positive(workload.sequentialSeconds, "\(workload.id) sequentialSeconds")
            #expect(Set(workload.variants.map(\.side)) == [.legacy, .modern])
            for variant in workload.variants {
                positive(variant.seconds, "\(workload.id) seconds")
                positive(variant.speedup, "\(workload.id) speedup")
            }
        }

        #expect(results.blocking.jobs > 0)
        positive(results.blocking.blockSeconds, "blockSeconds")
        #expect(results.blocking.rows.map(\.id) == ["gcd-sleep", "task-sleep-blocking", "task-sleep-suspending"])
        for row in results.blocking.rows {
            positive(row.seconds, "\(row.id) seconds")
            #expect(row.peakThreads > 0)
        }

        let ids =
            results.primitives.map(\.id) + results.fanOut.series.map(\.id) + results.speedup.workloads.map(\.id)
            + results.blocking.rows.map(\.id)
        #expect(Set(ids).count == ids.count, "ids are unique")
    }
}
