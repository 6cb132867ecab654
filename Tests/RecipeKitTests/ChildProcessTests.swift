import Foundation
import RecipeKit
import Testing

@Suite struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func reportsTheExitStatusAndTheLinesWritten() async {
        let (result, lines) = await ChildProcess.run(
            shell, arguments: ["-c", "echo one; echo two; exit 3"], timeout: .seconds(10))
        #expect(result == .finished(status: 3))
        #expect(lines == ["one", "two"])
    }

    @Test func reportsATrapBySignalAndKeepsTheLinesBeforeIt() async {
        let (result, lines) = await ChildProcess.run(
            shell, arguments: ["-c", "echo before; kill -ILL $$"], timeout: .seconds(10))
        #expect(result == .trapped(signal: 4))
        #expect(lines == ["before"])
    }

    @Test func killsAChildThatOutlivesTheTimeout() async {
        let clock = ContinuousClock()
        let start = clock.now
        let (result, _) = await ChildProcess.run(
            shell, arguments: ["-c", "exec sleep 30"], timeout: .milliseconds(200))
        #expect(result == .hung)
        #expect(clock.now - start >= .milliseconds(200))
    }

    /// Busy for 400 ms of wall time (not a count of iterations, which a loaded machine stretches
    /// past the twelve-timeout cap), four timeouts: running, so not hung.
    @Test func aChildThatIsBusyPastTheTimeoutIsNotTakenForAHungOne() async {
        let bash = URL(fileURLWithPath: "/bin/bash")
        let busy = "end=$(( ${EPOCHREALTIME/./} + 400000 )); while (( ${EPOCHREALTIME/./} < end )); do :; done; echo done"
        let clock = ContinuousClock()
        let start = clock.now
        let (result, lines) = await ChildProcess.run(bash, arguments: ["-c", busy], timeout: .milliseconds(100))
        #expect(result == .finished(status: 0))
        #expect(lines == ["done"])
        #expect(clock.now - start >= .milliseconds(400))
    }

    /// A child that waits, idle, for a process of its own that is busy (as a trapped child waits
    /// for the runtime's backtracer) is not hung either: 1.6 s of waiting is past a 200 ms timeout
    /// plus the second of idleness that counts as hung, and within the twelve-timeout cap.
    @Test func aChildWaitingForABusyProcessOfItsOwnIsNotTakenForAHungOne() async {
        let bash = URL(fileURLWithPath: "/bin/bash")
        let busy = "end=$(( ${EPOCHREALTIME/./} + 1600000 )); while (( ${EPOCHREALTIME/./} < end )); do :; done"
        let (result, lines) = await ChildProcess.run(
            bash, arguments: ["-c", "bash -c '\(busy)'; echo done"], timeout: .milliseconds(200))
        #expect(result == .finished(status: 0))
        #expect(lines == ["done"])
    }
}
