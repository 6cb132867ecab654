import Foundation

/// One job on each global queue, chosen by urgency; each job reports the QoS
/// class its queue runs at.
///
/// A QoS class tells GCD how urgent work is, and GCD picks a thread priority to
/// match. `DispatchQueue.global(qos:)` is already the shortcut that older code
/// wrote `GlobalUserInitiatedQueue`-style computed variables for, and the old
/// priorities map as HIGH → `.userInitiated`, DEFAULT → `.default`, LOW →
/// `.utility`, BACKGROUND → `.background`. QoS is advisory: it never orders
/// jobs, and on Linux it changes little about when they run.
public enum QoSJobs {
    /// The four global-queue QoS classes, most urgent first.
    public static let classes: [DispatchQoS.QoSClass] = [
        .userInteractive, .userInitiated, .utility, .background,
    ]
}

// MARK: - One job per QoS class, on `DispatchQueue.global(qos:)`

extension QoSJobs {
    /// Runs one job per class on `DispatchQueue.global(qos:)`. `completion`
    /// gets, for each class submitted, the class the job's queue reported from
    /// inside the job.
    public static func run(
        log: @escaping @Sendable (String) -> Void,
        completion:
            @escaping @Sendable ([DispatchQoS.QoSClass: DispatchQoS.QoSClass])
            -> Void
    ) {
        let observations = QoSObservations()
        let group = DispatchGroup()
        for qos in classes {
            let queue = DispatchQueue.global(qos: qos)
            queue.async(group: group) {
                let running = queue.qos.qosClass
                observations.record(running, for: qos)
                log("\(qos) job ran at \(running)")
            }
        }
        group.notify(queue: .global()) {
            completion(observations.all)
        }
    }
}

// MARK: - What the jobs saw, behind a lock

/// The QoS class each job saw, keyed by the class it was submitted with.
///
/// `@unchecked Sendable`: the dictionary is only read or written while holding
/// `lock`.
final class QoSObservations: @unchecked Sendable {
    private let lock = NSLock()
    private var observed: [DispatchQoS.QoSClass: DispatchQoS.QoSClass] = [:]

    func record(
        _ running: DispatchQoS.QoSClass, for submitted: DispatchQoS.QoSClass
    ) {
        lock.withLock { observed[submitted] = running }
    }

    var all: [DispatchQoS.QoSClass: DispatchQoS.QoSClass] {
        lock.withLock { observed }
    }
}
