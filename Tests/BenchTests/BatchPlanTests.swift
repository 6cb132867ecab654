import Testing

@testable import BenchKit

/// How the timed batches are summarised.
@Suite struct BatchPlanTests {
    @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        let summary = BatchPlan.summary([4, 1, 3, 2])
        #expect(summary.minNs == 1)
        #expect(summary.medianNs == 2.5)
    }

    @Test func medianOfAnOddCountIsTheMiddleOne() {
        let summary = BatchPlan.summary([5, 1, 3])
        #expect(summary.minNs == 1)
        #expect(summary.medianNs == 3)
    }

    @Test func aBatchCountsTheOperationsItRan() {
        let plan = BatchPlan(targetNanos: 10_000, batches: 3, maxIterations: 1_000)
        var largest = 0
        let summary = plan.measureSync { size in
            largest = max(largest, size)
            return size
        }
        #expect(largest <= 1_000)
        #expect(summary.minNs > 0 && summary.minNs <= summary.medianNs)
    }
}
