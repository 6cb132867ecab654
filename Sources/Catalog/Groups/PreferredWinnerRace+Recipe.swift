import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let preferredWinnerRace = Recipe(
        id: "preferred-winner-race",
        title: "Race several probes, prefer one: a grace period, the losers cancelled",
        chapter: .groups,
        sources: [
            "Seen in real code: connection racing that prefers IPv6 over IPv4, and clients that probe a primary "
                + "server and its mirror at once; each callback hops onto a serial queue with a `done` flag, an "
                + "`asyncAfter` work item is the grace timer, and the losers' `URLSessionTask`s are cancelled",
            "RFC 8305 (Happy Eyeballs v2), section 3: after an A answer, wait a short Resolution Delay "
                + "for the AAAA answer",
        ],
        file: "Groups/PreferredWinnerRace.swift",
        apis: [
            APIMapping(
                "DispatchGroup or callbacks hopping onto a serial queue, a `done` flag: the first decision wins",
                "one child per probe of `withThrowingTaskGroup`; the parent reads `group.next()` in finishing "
                    + "order and returns once"),
            APIMapping(
                "asyncAfter grace timer (a DispatchWorkItem), started by another probe's success",
                "one more child that sleeps on an injected `Clock`, added by the first other success"),
            APIMapping(
                "DispatchWorkItem.cancel() on the timer, URLSessionTask.cancel() on each loser",
                "`group.cancelAll()` as the parent returns; the group awaits the losers"),
            APIMapping(
                "DispatchQueue(label:) for the state and the completion, called once on it; race.cancel()",
                "the return value in the caller's isolation; cancelling the caller's task cancels every probe"),
        ],
        prose: Articles.recipe("preferred-winner-race"),
        replaces: [.workItemCancel, .asyncAfter, .workItem],
        scenarios: [
            Scenario(
                "preferred first",
                rules: [.exact],
                legacy: { context in await legacyRace(context, .preferredFirst) },
                modern: { context in await modernRace(context, .preferredFirst) }
            ),
            Scenario(
                "other first, preferred within the grace period",
                rules: [.exact],
                legacy: { context in await legacyRace(context, .preferredWithinGrace) },
                modern: { context in await modernRace(context, .preferredWithinGrace) }
            ),
            Scenario(
                "other first, preferred too late",
                rules: [.exact],
                legacy: { context in await legacyRace(context, .preferredTooLate) },
                modern: { context in await modernRace(context, .preferredTooLate) }
            ),
            Scenario(
                "preferred fails",
                rules: [.exact],
                legacy: { context in await legacyRace(context, .preferredFails) },
                modern: { context in await modernRace(context, .preferredFails) }
            ),
            Scenario(
                "all fail",
                rules: [.exact],
                legacy: { context in await legacyRace(context, .allFail) },
                modern: { context in await modernRace(context, .allFail) }
            ),
            Scenario(
                "the caller cancels",
                rules: [.exact],
                legacy: { context in await legacyRace(context, .callerCancels) },
                modern: { context in await modernRace(context, .callerCancels) }
            ),
        ]
    )
}

/// One scenario's script: what the driver tells the two probes (IPv6 preferred, IPv4 the other),
/// in order, and how long the grace period is.
///
/// The probes answer only when the driver says so, and every step is logged before it is taken, so
/// the lines come in one order on every run. Only one scenario lets the grace period run out, and
/// in it nothing else is left to happen; the others give it ten minutes, which no run comes near:
/// a race that waited it out instead of deciding would hang the scenario.
private enum RaceScript {
    case preferredFirst, preferredWithinGrace, preferredTooLate, preferredFails, allFail, callerCancels

    enum Step {
        case succeeds(Probe)
        case fails(Probe, String)
        case callerCancels
    }

    enum Probe { case ipv6, ipv4 }

    var steps: [Step] {
        switch self {
        case .preferredFirst: [.succeeds(.ipv6)]
        case .preferredWithinGrace: [.succeeds(.ipv4), .succeeds(.ipv6)]
        case .preferredTooLate: [.succeeds(.ipv4)]
        case .preferredFails: [.succeeds(.ipv4), .fails(.ipv6, "network unreachable")]
        case .allFail: [.fails(.ipv4, "connection refused"), .fails(.ipv6, "network unreachable")]
        case .callerCancels: [.succeeds(.ipv4), .callerCancels]
        }
    }

    func grace(_ context: RunContext) -> Duration {
        self == .preferredTooLate ? context.pace(.milliseconds(300)) : .seconds(600)
    }

    static func describe(_ step: Step) -> String {
        switch step {
        case .succeeds(let probe): "\(probe) connects"
        case .fails(let probe, let reason): "\(probe) fails: \(reason)"
        case .callerCancels: "the caller cancels"
        }
    }
}

/// A probe's failure, as both sides report it.
private struct ProbeFailure: Error, CustomStringConvertible {
    let probe: String
    let reason: String
    var description: String { "\(probe): \(reason)" }
}

private func describe(_ outcome: Result<String, any Error>) -> String {
    switch outcome {
    case .success(let winner): "winner: \(winner)"
    case .failure(let error): "failed: \(error)"
    }
}

/// The legacy race, on a queue of the driver's.
private func legacyRace(_ context: RunContext, _ script: RaceScript) async {
    let ipv6 = Legacy.HeldProbe("ipv6", log: context.log)
    let ipv4 = Legacy.HeldProbe("ipv4", log: context.log)
    let race = Legacy.PreferredWinnerRace<String>(queue: DispatchQueue(label: "caller"))
    let (outcomes, outcome) = AsyncStream.makeStream(of: Result<String, any Error>.self)
    race.start(
        preferred: ipv6.start, others: [ipv4.start], grace: script.grace(context)
    ) { result in
        outcome.yield(result.mapError { $0 is RaceCancelled ? RaceOutcome.cancelled : $0 })
    }
    for step in script.steps {
        context.log(RaceScript.describe(step))
        switch step {
        case .succeeds(let probe): (probe == .ipv6 ? ipv6 : ipv4).answer(.success("\(probe)"))
        case .fails(let probe, let reason):
            (probe == .ipv6 ? ipv6 : ipv4).answer(.failure(ProbeFailure(probe: "\(probe)", reason: reason)))
        case .callerCancels: race.cancel()
        }
    }
    for await result in outcomes {
        context.log(describe(result))
        break
    }
}

/// The modern race, in a task of its own so that the driver can cancel it.
private func modernRace(_ context: RunContext, _ script: RaceScript) async {
    let ipv6 = Modern.HeldProbe("ipv6", log: context.log)
    let ipv4 = Modern.HeldProbe("ipv4", log: context.log)
    let grace = script.grace(context)
    let race = Task {
        try await Modern.PreferredWinnerRace.race(preferred: ipv6.run, others: [ipv4.run], grace: grace)
    }
    for step in script.steps {
        context.log(RaceScript.describe(step))
        switch step {
        case .succeeds(let probe): (probe == .ipv6 ? ipv6 : ipv4).answer(.success("\(probe)"))
        case .fails(let probe, let reason):
            (probe == .ipv6 ? ipv6 : ipv4).answer(.failure(ProbeFailure(probe: "\(probe)", reason: reason)))
        case .callerCancels: race.cancel()
        }
    }
    let result = await race.result.mapError { $0 is CancellationError ? RaceOutcome.cancelled : $0 }
    context.log(describe(result))
}

/// How both sides print a cancelled race.
private enum RaceOutcome: Error, CustomStringConvertible {
    case cancelled
    var description: String { "cancelled" }
}
