import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct ThreadPriorityTests {
    static let pairs: [(QualityOfService, TaskPriority, String)] = [
        (.background, .background, "background"),
        (.utility, .utility, "utility"),
        (.userInitiated, .userInitiated, "userInitiated"),
    ]

    @Test(arguments: 0..<pairs.count)
    func theValueSetIsReadBackInside(_ index: Int) async {
        let (qualityOfService, priority, name) = Self.pairs[index]
        let legacy = Recorder()
        await onOwnThread { Legacy.ThreadPriority.run(qualityOfService: qualityOfService, log: legacy.logger) }
        #expect(legacy.lines.first == "thread qualityOfService: \(name)")
        let modern = Recorder()
        await Modern.ThreadPriority.run(priority: priority, log: modern.logger)
        #expect(modern.lines.first == "task priority: \(name)")
    }

    @Test func legacyNestedThreadGetsTheDefault() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.ThreadPriority.run(qualityOfService: .background, log: recorder.logger) }
        #expect(recorder.lines.contains("thread it starts: default"))
    }

    @Test func modernChildTasksInheritThePriority() async {
        let recorder = Recorder()
        await Modern.ThreadPriority.run(priority: .background, log: recorder.logger)
        #expect(recorder.lines == ["task priority: background", "child task priority: background"])
        // A task-group child inherits too.
        let groupChild = await Task(priority: .utility) {
            await withTaskGroup(of: TaskPriority?.self) { group in
                group.addTask { Task.basePriority }
                return await group.next() ?? nil
            }
        }.value
        #expect(groupChild == .utility)
    }

    @Test func legacyNormalThreadsHaveOnePosixPriority() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.ThreadPriority.run(qualityOfService: .background, log: recorder.logger) }
        #expect(recorder.lines.contains("POSIX policy SCHED_OTHER: priorities 0…0"))
        var parameters = sched_param()
        parameters.sched_priority = 0
        #expect(pthread_setschedparam(pthread_self(), Int32(SCHED_OTHER), &parameters) == 0)
    }

    @Test func modernTaskPriorityIsNotTheThreadsQualityOfService() async {
        let seen = await Task(priority: .background) { () -> (TaskPriority?, QualityOfService) in
            (Task.basePriority, currentThreadQualityOfService())
        }.value
        #expect(seen.0 == .background)
        #expect(seen.1 == .default)
    }

    #if os(Linux)
        /// On Linux a task's priority reaches the kernel: the pool thread that runs a `.background`
        /// task has a higher nice value (10 here) than the one that runs a `.medium` task (0), where
        /// a `Thread`'s `qualityOfService` leaves the nice value of the thread that started it.
        @Test func onLinuxATasksPriorityBecomesItsThreadsNiceValueAndAThreadsQualityOfServiceDoesNot()
            async
        {
            let background = await Task.detached(priority: .background) { currentNiceValue() }.value
            let medium = await Task.detached(priority: .medium) { currentNiceValue() }.value
            #expect(background > medium)
            let (starter, started) = await Task.detached(priority: .medium) {
                await withCheckedContinuation { done in
                    let starter = currentNiceValue()
                    let thread = Thread { done.resume(returning: (starter, currentNiceValue())) }
                    thread.qualityOfService = .background
                    thread.start()
                }
            }.value
            #expect(started == starter)
        }
    #endif

    @Test func currentPriorityIsNeverBelowTheBase() async {
        let seen = await Task(priority: .background) { (Task.basePriority, Task.currentPriority) }.value
        #expect(seen.0 == .background)
        #expect(seen.1 >= .background)
    }

    @Test func legacyThreadsHaveEndedWhenItReturns() async throws {
        let log: @Sendable (String) -> Void = { _ in }
        await onOwnThread { Legacy.ThreadPriority.run(qualityOfService: .background, log: log) }
        let before = try #require(await ProcessThreads.settled(atMost: Int.max))
        for _ in 0..<5 {
            await onOwnThread { Legacy.ThreadPriority.run(qualityOfService: .background, log: log) }
        }
        let after = try #require(await ProcessThreads.settled(atMost: before))
        #expect(after <= before)
    }
}

/// The calling thread's quality of service (a synchronous function, so async code can call it).
private func currentThreadQualityOfService() -> QualityOfService {
    Thread.current.qualityOfService
}

#if os(Linux)
    /// The calling thread's nice value: on Linux, `getpriority` with `who` 0 reads the calling
    /// thread's.
    private func currentNiceValue() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
#endif
