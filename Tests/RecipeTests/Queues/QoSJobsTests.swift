import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

/// Propagation only: what each job reports about its own class. Nothing here asserts when a job
/// ran or how fast: priorities are hints, and the suite never tests a scheduling effect.
@Suite struct QoSJobsTests {
    static func legacyObservations() async -> [DispatchQoS.QoSClass: DispatchQoS.QoSClass] {
        await withCheckedContinuation { done in
            Legacy.QoSJobs.run(log: { _ in }) { done.resume(returning: $0) }
        }
    }

    @Test func legacyEachJobRunsOnAQueueOfTheClassItWasSubmittedWith() async {
        let observed = await Self.legacyObservations()
        #expect(observed.count == 4)
        #expect(observed[.userInitiated] == .userInitiated)
        #expect(observed[.utility] == .utility)
        #expect(observed[.background] == .background)
        #expect(observed[.userInteractive] == .userInteractive || observed[.userInteractive] == .userInitiated)
    }

    #if os(Linux)
        @Test func linuxFoldsUserInteractiveIntoUserInitiated() async {
            let observed = await Self.legacyObservations()
            #expect(observed[.userInteractive] == .userInitiated)
            #expect(DispatchQueue.global(qos: .userInteractive).qos.qosClass == .userInitiated)
        }

        @Test func linuxDefaultGlobalQueueReportsUnspecified() {
            #expect(DispatchQueue.global().qos.qosClass == .unspecified)
            #expect(DispatchQueue.global(qos: .default).qos.qosClass == .unspecified)
        }
    #endif

    @Test func legacyLogsOneLinePerJob() async {
        let recorder = Recorder()
        _ = await withCheckedContinuation { done in
            Legacy.QoSJobs.run(log: recorder.logger) { done.resume(returning: $0) }
        }
        #expect(recorder.lines.count == 4)
        #expect(recorder.lines.contains("utility job ran at utility"))
        #expect(recorder.lines.contains("background job ran at background"))
    }

    @Test func modernEachTaskRunsAtItsPriorityAndItsChildInheritsIt() async {
        let observed = await Modern.QoSJobs.run(log: { _ in })
        #expect(observed.count == 4)
        for urgency in Modern.QoSJobs.Urgency.allCases {
            #expect(observed[urgency]?.priority == urgency.priority, "\(urgency)")
            #expect(observed[urgency]?.childPriority == urgency.priority, "\(urgency)")
        }
    }

    @Test(arguments: Modern.QoSJobs.Urgency.allCases)
    func modernMappingFollowsTheQoSClasses(_ urgency: Modern.QoSJobs.Urgency) {
        let expected: [Modern.QoSJobs.Urgency: TaskPriority] = [
            .userInteractive: .high, .userInitiated: .userInitiated, .utility: .utility, .background: .background,
        ]
        #expect(urgency.priority == expected[urgency])
    }

    @Test func modernTasksCreatedFromALowPriorityCallerKeepTheirOwnPriority() async {
        let observed = await Task(priority: .background) { await Modern.QoSJobs.run(log: { _ in }) }.value
        #expect(observed[.userInitiated]?.priority == .high)
        #expect(observed[.utility]?.priority == .low)
    }
}
