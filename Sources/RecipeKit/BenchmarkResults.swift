/// What `bench` measured: the contents of `Benchmarks/results.json` (schema version 1).
///
/// `bench` writes it and the guide renders it into `Guide/performance.md`; the file is committed,
/// so the guide never re-runs the benchmark, and `guide --check` compares the page against the
/// committed numbers. Fields are only ever added; a change to an existing one bumps
/// `schemaVersion`.
public struct BenchmarkResults: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    public var machine: Machine
    public var primitives: [Primitive]
    public var fanOut: FanOut
    public var speedup: Speedup
    public var blocking: Blocking

    /// Where and how the numbers were taken.
    public struct Machine: Codable, Sendable, Equatable {
        public var cores: Int
        public var memoryBytes: Double
        public var os: String
        public var toolchain: String
        public var configuration: String
        public var date: String
        public var quick: Bool
        public var seconds: Double
    }

    /// One legacy primitive beside the modern one that replaces it, in nanoseconds per operation.
    public struct Primitive: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var legacy: Timing
        public var modern: Timing
        /// The catalog recipes that use this primitive.
        public var recipes: [String]

        public struct Timing: Codable, Sendable, Equatable {
            public var name: String
            public var minNs: Double
            public var medianNs: Double
        }

        /// Modern median ÷ legacy median.
        public var ratio: Double { modern.medianNs / legacy.medianNs }
    }

    /// Many tiny jobs, N = 10 … 1,000,000: time per job and peak memory per way of fanning out.
    public struct FanOut: Codable, Sendable, Equatable {
        public var sizes: [Int]
        public var series: [Series]

        public struct Series: Codable, Sendable, Equatable {
            public var id: String
            public var name: String
            /// `legacy` or `modern`.
            public var side: String
            public var points: [Point]
            /// Why the series ends before the largest size, when it does.
            public var stoppedAt: String?
        }

        public struct Point: Codable, Sendable, Equatable {
            public var n: Int
            public var nsPerJob: Double
            public var peakRSSBytes: Double
        }
    }

    /// CPU-bound work, sequential against the parallel versions of each side.
    public struct Speedup: Codable, Sendable, Equatable {
        public var cores: Int
        public var workloads: [Workload]

        public struct Workload: Codable, Sendable, Equatable {
            public var id: String
            public var name: String
            public var sequentialSeconds: Double
            public var variants: [Variant]
        }

        public struct Variant: Codable, Sendable, Equatable {
            public var name: String
            public var side: String
            public var seconds: Double
            public var speedup: Double
        }
    }

    /// Jobs that block their thread, or suspend, on each runtime.
    public struct Blocking: Codable, Sendable, Equatable {
        public var jobs: Int
        public var blockSeconds: Double
        public var rows: [Row]

        public struct Row: Codable, Sendable, Equatable {
            public var id: String
            public var name: String
            public var side: String
            public var seconds: Double
            public var peakThreads: Int
        }
    }
}
