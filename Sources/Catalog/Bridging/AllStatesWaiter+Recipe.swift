import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let waitForAllStates = Recipe(
        id: "wait-for-all-states",
        title: "Wait until N observed objects reach a state, with a timeout",
        chapter: .bridging,
        sources: [
            "Seen in real code: app code that enters a `DispatchGroup` once per player item, peripheral or session, leaves it from a KVO or delegate observer when the status becomes ready, waits with `group.wait(timeout:)` and then removes the observers"
        ],
        file: "Bridging/AllStatesWaiter.swift",
        apis: [
            APIMapping(
                "`DispatchGroup` `enter()`/`leave()`, one per observed object, its observer leaving when the state comes",
                "a child per object in a task group, returning at the first matching value of its `AsyncStream`"
            ),
            APIMapping("DispatchGroup.wait(timeout:)", "`withTimeout` around the task group"),
            APIMapping(
                "a once-only guard around `group.leave()`",
                "nothing: a child returns at the first match, so a second report has nothing to leave"),
            APIMapping(
                "`NSKeyValueObservation.invalidate()` after the wait",
                "the child ends its observation on the way out (`defer`), on every path"),
        ],
        prose: Articles.recipe("wait-for-all-states"),
        isBridging: true,
        modernNeeds: ["Timers/WithTimeout.swift"],
        replaces: [.groupLeave, .groupEnter, .groupWait, .dispatchGroup, .keyValueObservation],
        scenarios: [
            Scenario(
                "3 devices come online",
                rules: [.exact],
                legacy: { context in await legacyWait(context, ReadinessRun.comeOnline) },
                modern: { context in await modernWait(context, ReadinessRun.comeOnline) }
            ),
            Scenario(
                "one never ready",
                rules: [.exact],
                legacy: { context in await legacyWait(context, ReadinessRun.oneNeverReady) },
                modern: { context in await modernWait(context, ReadinessRun.oneNeverReady) }
            ),
            Scenario(
                "a device reports ready twice",
                rules: [.exact],
                legacy: { context in await legacyWait(context, ReadinessRun.readyTwice) },
                modern: { context in await modernWait(context, ReadinessRun.readyTwice) }
            ),
        ]
    )
}

/// One run: the devices and their states at the start, the changes the driver makes while the
/// waiter waits, and whether the wait may time out.
struct ReadinessRun: Sendable {
    typealias State = Legacy.Device.State

    let devices: [(name: String, state: State)]
    let changes: [(name: String, state: State)]
    let timesOut: Bool

    /// Three cameras go online one after another: the wait ends at the last one.
    static let comeOnline = ReadinessRun(
        devices: [("cam-1", .offline), ("cam-2", .offline), ("cam-3", .offline)],
        changes: [("cam-1", .connecting), ("cam-1", .ready), ("cam-2", .ready), ("cam-3", .ready)],
        timesOut: false)

    /// Two are ready before the wait, the third never gets there: the wait times out.
    static let oneNeverReady = ReadinessRun(
        devices: [("cam-1", .ready), ("cam-2", .ready), ("cam-3", .connecting)], changes: [], timesOut: true)

    /// cam-2 reports ready, drops, and reports ready again before cam-1 is ready: counted once.
    static let readyTwice = ReadinessRun(
        devices: [("cam-1", .offline), ("cam-2", .offline)],
        changes: [("cam-2", .ready), ("cam-2", .connecting), ("cam-2", .ready), ("cam-1", .ready)],
        timesOut: false)

    /// A timeout the run reaches when it should, and that is never near otherwise.
    func timeout(_ context: RunContext) -> Duration {
        timesOut ? context.pace(.seconds(1)) : .seconds(600)
    }
}

/// What both sides print once the wait is over: its outcome, the devices not ready, and the
/// observers still registered.
private func logOutcome(
    _ all: Bool, states: [(name: String, state: String, observers: Int)], log: @Sendable (String) -> Void
) {
    let late = states.filter { $0.state != "ready" }.map(\.name)
    log((all ? "all ready" : "timed out") + (late.isEmpty ? "" : "; not ready: " + late.joined(separator: ", ")))
    log("observers left: \(states.map(\.observers).reduce(0, +))")
}

private func legacyWait(_ context: RunContext, _ run: ReadinessRun) async {
    let devices = run.devices.map { Legacy.Device($0.name, state: $0.state) }
    let byName = Dictionary(uniqueKeysWithValues: devices.map { ($0.name, $0) })
    let changes = run.changes.map { (device: byName[$0.name]!, state: $0.state) }
    let timeout = run.timeout(context)
    let log = context.log
    let all = await onOwnThread {
        Legacy.AllStatesWaiter.run(devices, timeout: timeout, changes: changes, log: log)
    }
    logOutcome(all, states: devices.map { ($0.name, $0.state.rawValue, $0.observerCount) }, log: log)
}

private func modernWait(_ context: RunContext, _ run: ReadinessRun) async {
    let devices = run.devices.map { Modern.Device($0.name, state: Modern.Device.State(rawValue: $0.state.rawValue)!) }
    let byName = Dictionary(uniqueKeysWithValues: devices.map { ($0.name, $0) })
    let changes = run.changes.map {
        (device: byName[$0.name]!, state: Modern.Device.State(rawValue: $0.state.rawValue)!)
    }
    let all = await Modern.AllStatesWaiter.run(
        devices, timeout: run.timeout(context), changes: changes, log: context.log)
    logOutcome(all, states: devices.map { ($0.name, $0.state.rawValue, $0.observerCount) }, log: context.log)
}
