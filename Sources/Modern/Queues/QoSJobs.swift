/// One task per urgency, created with the matching `TaskPriority`; each reports
/// the priority it and its child see.
///
/// `TaskPriority` replaces the QoS classes: `.high` is `.userInitiated`,
/// `.medium` is the default, `.low` is `.utility`, and `.background` stays.
/// There is no user-interactive level: work that drives the UI belongs on
/// `@MainActor` (here at `.high`). A child task (`async let`) inherits its
/// parent's priority. Priorities are advisory, and awaiting a task raises it to
/// the waiter's priority, so the jobs report through a stream and are awaited
/// only after they have reported.
public nonisolated enum QoSJobs {
    /// The four global-queue QoS classes, most urgent first, and the priority
    /// each becomes.
    public enum Urgency: String, CaseIterable, Sendable {
        case userInteractive, userInitiated, utility, background

        public var priority: TaskPriority {
            switch self {
            case .userInteractive, .userInitiated: .high
            case .utility: .low
            case .background: .background
            }
        }
    }
}

// MARK: - One task per priority; the reports come through a stream

nonisolated extension QoSJobs {
    /// Starts one task per urgency at its priority, and returns what each one
    /// saw.
    public static func run(
        log: @escaping @Sendable (String) -> Void
    ) async -> [Urgency: Observation] {
        let (reports, reporter) = AsyncStream.makeStream(
            of: (Urgency, Observation).self)
        var jobs: [Task<Void, Never>] = []
        for urgency in Urgency.allCases {
            let job: Task<Void, Never>
            if urgency == .userInteractive {
                // No priority is "user interactive": UI work runs on the main
                // actor.
                job = Task(priority: urgency.priority) { @MainActor in
                    reporter.yield((urgency, await observe()))
                }
            } else {
                job = Task(priority: urgency.priority) {
                    reporter.yield((urgency, await observe()))
                }
            }
            jobs.append(job)
        }
        var observed: [Urgency: Observation] = [:]
        for await (urgency, observation) in reports {
            observed[urgency] = observation
            log(
                "\(urgency) job ran at \(observation.priority), "
                    + "its child at \(observation.childPriority)"
            )
            if observed.count == jobs.count { break }
        }
        // Every job has reported, so awaiting them now can no longer raise what
        // they saw.
        for job in jobs { await job.value }
        return observed
    }
}

// MARK: - What a job saw: its priority, and its child's

nonisolated extension QoSJobs {
    /// What a job saw: its own priority, and the priority a child task of it
    /// inherited.
    public nonisolated struct Observation: Sendable, Equatable {
        public let priority: TaskPriority
        public let childPriority: TaskPriority
    }

    /// The running task's priority, and the priority an `async let` child
    /// inherits from it.
    static func observe() async -> Observation {
        async let child = Task.currentPriority
        return Observation(
            priority: Task.currentPriority, childPriority: await child)
    }
}
