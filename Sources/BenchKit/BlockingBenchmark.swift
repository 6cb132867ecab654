import Foundation

/// Jobs that block a thread, on GCD and in tasks, and jobs that suspend instead.
///
/// On Darwin, GCD answers a blocked worker by starting another thread (up to 64 per pool), so
/// blocking jobs finish about as fast as if they slept side by side, at the price of a thread
/// each. Linux's libdispatch grows its pool far more slowly (about one thread in a second and a
/// half here), so there blocking jobs mostly take turns. The cooperative pool never grows past the
/// core count: blocking tasks take turns on its few threads and the run takes
/// `jobs × block ÷ cores`. Tasks that suspend (`Task.sleep`) free their thread while they wait, so
/// they take one block's time on the same few threads. Each row runs in a child process of its own
/// (`--blocking-row <id> <jobs> <µs>`), so the threads one row leaves behind are not counted in the
/// next; the thread count is sampled while the row runs.
enum BlockingBenchmark {
    /// The hidden argument that makes the bench a blocking-row child.
    static let childFlag = "--blocking-row"

    /// The three rows, in the order the report shows them.
    enum Row: String, CaseIterable {
        case gcdSleep = "gcd-sleep"
        case taskSleepBlocking = "task-sleep-blocking"
        case taskSleepSuspending = "task-sleep-suspending"

        func name(jobs: Int) -> String {
            switch self {
            case .gcdSleep: "\(jobs) GCD blocks that sleep (usleep)"
            case .taskSleepBlocking: "\(jobs) tasks that block the thread (usleep)"
            case .taskSleepSuspending: "\(jobs) tasks that suspend (Task.sleep)"
            }
        }

        var side: BenchResults.Side {
            self == .gcdSleep ? .legacy : .modern
        }

        /// Runs `jobs` jobs of `micros` microseconds each and returns when all have finished.
        func run(jobs: Int, micros: UInt32) async {
            switch self {
            case .gcdSleep:
                let group = DispatchGroup()
                for _ in 0..<jobs { DispatchQueue.global().async(group: group) { usleep(micros) } }
                await withCheckedContinuation { continuation in
                    group.notify(queue: .global()) { continuation.resume() }
                }
            case .taskSleepBlocking:
                await withDiscardingTaskGroup { group in
                    for _ in 0..<jobs { group.addTask { usleep(micros) } }
                }
            case .taskSleepSuspending:
                await withDiscardingTaskGroup { group in
                    for _ in 0..<jobs {
                        group.addTask { try? await Task.sleep(for: .microseconds(Int(micros))) }
                    }
                }
            }
        }
    }

    static func run(_ scale: BenchScale, progress: @Sendable (String) -> Void) async -> BenchResults.Blocking {
        let jobs = scale.blockingJobs
        let micros = scale.blockMicroseconds
        var rows: [BenchResults.BlockingRow] = []
        for row in Row.allCases {
            let answer = await BenchChild.run([childFlag, row.rawValue, String(jobs), String(micros)])
            if case .success(let words) = answer, words.count == 2, let seconds = Double(words[0]),
                let threads = Int(words[1])
            {
                rows.append(
                    BenchResults.BlockingRow(
                        id: row.rawValue, name: row.name(jobs: jobs), side: row.side,
                        seconds: SpeedupBenchmark.roundedSeconds(seconds), peakThreads: threads))
            }
            progress("blocking: \(row.rawValue)")
        }
        return BenchResults.Blocking(jobs: jobs, blockSeconds: Double(micros) / 1e6, rows: rows)
    }

    /// The child's side: runs one row, timing it while sampling the thread count, and prints the
    /// seconds and the peak.
    static func child(arguments: [String]) async -> Int32 {
        guard arguments.count == 3, let row = Row(rawValue: arguments[0]), let jobs = Int(arguments[1]), jobs > 0,
            let micros = UInt32(arguments[2])
        else {
            FileHandle.standardError.write(Data("usage: bench \(childFlag) <row> <jobs> <µs>\n".utf8))
            return 64
        }
        let sampler = ThreadPeakSampler()
        let start = Monotonic.now()
        await row.run(jobs: jobs, micros: micros)
        let seconds = Double(Monotonic.since(start)) / 1e9
        print("\(seconds) \(sampler.stop())")
        return 0
    }
}
