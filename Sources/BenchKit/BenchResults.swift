import Foundation

/// Everything one `bench` run measured, in the shape of `Benchmarks/results.json` (schema version 1).
///
/// The guide renders this file into `Guide/performance.md`, so the field names are fixed: fields may
/// be added, never renamed. The schema is documented in `Benchmarks/README.md`.
public struct BenchResults: Codable, Sendable, Equatable {
    /// The schema version of the file; 1 until a field changes meaning.
    public var schemaVersion = 1
    public var machine: Machine
    public var primitives: [Primitive]
    public var fanOut: FanOut
    public var speedup: Speedup
    public var blocking: Blocking

    public init(
        machine: Machine, primitives: [Primitive], fanOut: FanOut, speedup: Speedup, blocking: Blocking
    ) {
        self.machine = machine
        self.primitives = primitives
        self.fanOut = fanOut
        self.speedup = speedup
        self.blocking = blocking
    }

    /// Which half of the guide a figure belongs to.
    public enum Side: String, Codable, Sendable {
        case legacy
        case modern
    }

    /// Where and how the run happened.
    public struct Machine: Codable, Sendable, Equatable {
        public var cores: Int
        public var memoryBytes: UInt64
        public var os: String
        public var toolchain: String
        public var configuration: String
        public var date: String
        public var quick: Bool
        public var seconds: Double
    }

    /// One primitive and its modern counterpart, each in nanoseconds per operation.
    public struct Primitive: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var legacy: Figure
        public var modern: Figure
        public var recipes: [String]
    }

    /// The minimum and median cost of one operation over repeated batches.
    public struct Figure: Codable, Sendable, Equatable {
        public var name: String
        public var minNs: Double
        public var medianNs: Double
    }

    /// Many tiny jobs started at once, at growing sizes.
    public struct FanOut: Codable, Sendable, Equatable {
        public var sizes: [Int]
        public var series: [Series]
    }

    /// One way of fanning out, at each size it ran.
    public struct Series: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var side: Side
        public var points: [Point]
        /// Why the series stopped before the largest size, or nil when it ran them all.
        public var stoppedAt: String?

        enum CodingKeys: String, CodingKey {
            case id, name, side, points, stoppedAt
        }

        public init(id: String, name: String, side: Side, points: [Point], stoppedAt: String?) {
            self.id = id
            self.name = name
            self.side = side
            self.points = points
            self.stoppedAt = stoppedAt
        }

        /// Writes `stoppedAt` as `null` when the series ran every size, as the schema shows it.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(side, forKey: .side)
            try container.encode(points, forKey: .points)
            try container.encode(stoppedAt, forKey: .stoppedAt)
        }
    }

    /// One size of one fan-out series, measured in a child process of its own.
    public struct Point: Codable, Sendable, Equatable {
        public var n: Int
        public var nsPerJob: Double
        public var peakRSSBytes: Int
    }

    /// CPU-bound work: how much faster the parallel versions are than a plain loop.
    public struct Speedup: Codable, Sendable, Equatable {
        public var cores: Int
        public var workloads: [Workload]
    }

    /// One CPU-bound workload and its parallel variants.
    public struct Workload: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var sequentialSeconds: Double
        public var variants: [Variant]
    }

    /// One parallel version of a workload.
    public struct Variant: Codable, Sendable, Equatable {
        public var name: String
        public var side: Side
        public var seconds: Double
        public var speedup: Double
    }

    /// Jobs that block or suspend, and how many threads the process grew to run them.
    public struct Blocking: Codable, Sendable, Equatable {
        public var jobs: Int
        public var blockSeconds: Double
        public var rows: [BlockingRow]
    }

    /// One way of running the blocking jobs.
    public struct BlockingRow: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var side: Side
        public var seconds: Double
        public var peakThreads: Int
    }
}

extension BenchResults {
    /// The results as the file holds them: pretty-printed, keys sorted, so that two runs diff well.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
