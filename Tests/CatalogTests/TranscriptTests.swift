import Catalog
import Foundation
import GuideKit
import RecipeKit
import Testing

/// Where a scenario is named for something that happens in its lines, the page's "What it prints"
/// shows it: the window of two full, the search in the middle of the typing, the interleaving at
/// the `await` in the order it happened, a sample of a thousand iterations, one row per lock.
///
/// The pages are the committed ones (`GuideFreshnessTests` keeps them current).
@Suite struct TranscriptTests {
    static func page(_ id: String) throws -> String {
        let recipe = try #require(Catalog.recipe(id))
        let path = "Guide/\(recipe.chapter.slug)/\(recipe.id).md"
        return try String(contentsOf: GuideGenerator.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The part of a page's "What it prints" under `### scenario`, or the whole section.
    static func printed(_ page: String, scenario: String? = nil) throws -> String {
        let start = try #require(page.range(of: "\n## What it prints\n"))
        let end = try #require(page.range(of: "\n## Parity rule\n", range: start.upperBound..<page.endIndex))
        let output = String(page[start.upperBound..<end.lowerBound])
        guard let scenario else { return output }
        let heading = try #require(output.range(of: "\n### \(scenario)\n"), "no scenario \(scenario)")
        let rest = output[heading.upperBound...]
        return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
    }

    /// The lines shown between "```text" and "```", each block in order.
    static func blocks(_ text: String) -> [[String]] {
        text.components(separatedBy: "```text\n").dropFirst().map { block in
            block.components(separatedBy: "\n```")[0].components(separatedBy: "\n")
        }
    }

    @Test func limitTwoShowsTwoJobsRunningAtOnce() throws {
        let shown = try Self.blocks(Self.printed(Self.page("operation-max-concurrency"), scenario: "limit 2"))
        #expect(shown.count == 1, "both sides print the same lines")
        let lines = try #require(shown.first)
        #expect(Array(lines.prefix(4)) == ["Job 0 started, 1 running", "Job 1 started, 2 running", "Job 0 finished", "Job 2 started, 2 running"])
        #expect(lines.contains("maxInFlight = 2"))
    }

    /// The search after "con" runs while the typing goes on; every search carries the text typed
    /// last, and comes no sooner than the debouncer allows.
    @Test func maxIntervalScenarioLogsTheSearchesDuringTheBurst() async throws {
        let recipe = try #require(Catalog.recipe("debounce"))
        let scenario = try #require(recipe.scenario(named: "max interval"))
        let (legacy, modern, verdict) = await scenario.judge(recipe, pace: .test)
        #expect(verdict.agrees, "\(verdict.problems)")
        for outcome in [legacy, modern] {
            let lines = outcome.lines
            let searches = lines.indices.filter { lines[$0].hasPrefix("search ") }
            #expect(searches.count == 4)
            let midBurst = try #require(searches.first)
            #expect(lines[midBurst] == "search \"con\"")
            #expect(lines[midBurst - 1] == "typed \"con\"" && lines[midBurst + 1] == "typed \"conc\"")
            for index in searches {
                #expect(lines[index].dropFirst("search ".count) == lines[index - 1].dropFirst("typed ".count))
            }
            #expect(outcome.values["everySearchWaitedLongEnough"] == "true")
        }
        let shown = try Self.printed(Self.page("debounce"), scenario: "max interval")
        #expect(shown.contains("typed \"con\"\nsearch \"con\"\ntyped \"conc\""))
    }

    /// On the actor the first withdrawal reserves before it awaits the authorizer, so the second is
    /// refused while the first is still authorizing: shown as it happened, not sorted.
    @Test func theInterleavingIsShownInTheOrderItHappened() throws {
        let shown = try Self.printed(Self.page("actor-reentrancy"), scenario: "two withdrawals of 80")
        let blocks = Self.blocks(shown)
        #expect(blocks.count == 2)
        let modern = try #require(blocks.last)
        #expect(
            Array(modern.prefix(3)) == [
                "withdraw 80: reserved, balance 20, authorizing",
                "withdraw 80: refused, balance 20",
                "withdraw 80: paid, balance 20",
            ])
        #expect(!shown.contains("sorted here"))
    }

    @Test func aThousandIterationsAreShownAsASampleAndACount() throws {
        let page = try Self.page("concurrent-perform")
        for scenario in ["main", "one child per iteration"] {
            let shown = try #require(Self.blocks(Self.printed(page, scenario: scenario)).first)
            #expect(shown.count < 12, "\(scenario): \(shown.count) lines")
            #expect(Array(shown.prefix(6)) == [
                "Iteration 0", "Iteration 1", "Iteration 2", "…", "Iteration 999",
                "1,000 iterations, every index once, in no fixed order",
            ])
            #expect(shown.contains("everyIndexOnce = true") && shown.contains("iterations = 1000"))
        }
    }

    @Test func theLockZooPrintsOneRowPerScenario() throws {
        let recipe = try #require(Catalog.recipe("lock-zoo"))
        let printed = try Self.printed(Self.page("lock-zoo"))
        #expect(Self.blocks(printed).isEmpty)
        #expect(!printed.contains("\n### "))
        let rows = printed.components(separatedBy: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Scenario ") }
        #expect(rows.map { $0.components(separatedBy: " | ")[0].dropFirst(2) } == recipe.scenarios.map { Substring($0.name) })
        #expect(rows.allSatisfy { $0.hasSuffix("| total = 40000 |") })
    }
}
