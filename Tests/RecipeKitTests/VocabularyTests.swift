import RecipeKit
import Testing

@Suite struct VocabularyTests {
    @Test func paceScalesTheOriginalDurationsAndNeverGoesBelowAMillisecond() {
        #expect(Pace.realistic(.seconds(3)) == .seconds(3))
        #expect(Pace.quick(.seconds(1)) == .milliseconds(100))
        #expect(Pace.test(.seconds(1)) == .milliseconds(10))
        #expect(Pace.test(.milliseconds(10)) == .milliseconds(1))
        #expect(Pace.named("quick") == .quick)
        #expect(Pace.named("warp") == nil)
    }

    @Test func splitMix64IsDeterministicAndMatchesTheReferenceStream() {
        var generator = SplitMix64(seed: 0)
        // The reference implementation's first output for seed 0.
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(SplitMix64.numbers(count: 5, seed: 7) == SplitMix64.numbers(count: 5, seed: 7))
        #expect(SplitMix64.numbers(count: 5, seed: 7) != SplitMix64.numbers(count: 5, seed: 8))
        #expect(SplitMix64.numbers(count: 1000, upTo: 9).allSatisfy { $0 <= 9 })
    }

    @Test func theRecorderKeepsEveryLineFromConcurrentWriters() async {
        let recorder = Recorder()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask { for line in 0..<500 { recorder.log("\(writer).\(line)") } }
            }
        }
        #expect(recorder.lines.count == 4000)
        #expect(Set(recorder.lines).count == 4000)
    }

    @Test func chapterSlugsAreStableFolderNames() {
        let chapter = Chapter(number: 1, title: "Queues & hopping", folder: "Queues", introduction: "")
        #expect(chapter.slug == "01-queues-and-hopping")
        #expect(
            Chapter(number: 11, title: "Once, singletons", folder: "Once", introduction: "").slug
                == "11-once-singletons")
    }
}
