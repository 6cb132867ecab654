import Foundation
import RecipeKit
import Synchronization

/// The four ways of fanning out `n` tiny jobs that the fan-out section compares.
///
/// A job is a few arithmetic instructions whose result is kept, so what is timed is the cost of
/// starting, running and collecting a job. Each series returns when every job has run.
enum FanOutSeries: String, CaseIterable, Sendable {
    case concurrentPerform = "concurrent-perform"
    case dispatchGroup = "dispatch-group"
    case taskGroupPerJob = "task-group-per-job"
    case taskGroupChunked = "task-group-chunked"

    /// The name a reader knows it by.
    var name: String {
        switch self {
        case .concurrentPerform: "concurrentPerform"
        case .dispatchGroup: "DispatchGroup on a global queue"
        case .taskGroupPerJob: "task group, one child per job"
        case .taskGroupChunked: "task group, one child per core"
        }
    }

    var side: BenchResults.Side {
        switch self {
        case .concurrentPerform, .dispatchGroup: .legacy
        case .taskGroupPerJob, .taskGroupChunked: .modern
        }
    }

    /// Runs `n` jobs and returns a value that depends on all of them (so none can be skipped).
    func run(_ n: Int) async -> Int {
        switch self {
        case .concurrentPerform:
            return await onOwnThread(name: "bench-fan-out") {
                let sum = Atomic(0)
                DispatchQueue.concurrentPerform(iterations: n) { index in
                    let value = Self.job(index)
                    if value == 0 { sum.wrappingAdd(1, ordering: .relaxed) }
                }
                return sum.load(ordering: .relaxed)
            }
        case .dispatchGroup:
            return await onOwnThread(name: "bench-fan-out") {
                let sum = Atomic(0)
                let group = DispatchGroup()
                let queue = DispatchQueue.global()
                for index in 0..<n {
                    queue.async(group: group) {
                        if Self.job(index) == 0 { sum.wrappingAdd(1, ordering: .relaxed) }
                    }
                }
                group.wait()
                return sum.load(ordering: .relaxed)
            }
        case .taskGroupPerJob:
            // All children are added before any result is read: the naive shape whose memory grows
            // with `n`.
            return await withTaskGroup(of: Int.self) { group in
                for index in 0..<n { group.addTask { Self.job(index) } }
                var sum = 0
                for await value in group { sum &+= value }
                return sum
            }
        case .taskGroupChunked:
            let cores = ProcessInfo.processInfo.activeProcessorCount
            return await withTaskGroup(of: Int.self) { group in
                let (base, extra) = n.quotientAndRemainder(dividingBy: cores)
                var start = 0
                for chunk in 0..<min(cores, n) {
                    let end = start + base + (chunk < extra ? 1 : 0)
                    let range = start..<end
                    group.addTask { range.reduce(0) { $0 &+ Self.job($1) } }
                    start = end
                }
                var sum = 0
                for await value in group { sum &+= value }
                return sum
            }
        }
    }

    /// One tiny job: a hash of its index.
    @inline(never)
    static func job(_ index: Int) -> Int {
        var value = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
        return Int(truncatingIfNeeded: value)
    }
}
