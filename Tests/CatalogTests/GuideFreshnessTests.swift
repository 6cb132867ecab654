import GuideKit
import Testing

/// `Guide/` is what the generator writes now: the guide cannot drift from the code.
@Suite struct GuideFreshnessTests {
    @Test func guideCheckFindsNothingStale() async {
        #expect(
            await GuideCommand.run(arguments: ["--check"]) == 0,
            "Guide/ is stale: run `swift run guide` and commit the result (the stale files are listed above)"
        )
    }
}
