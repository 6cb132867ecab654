/// Four child tasks each scan a quarter of the numbers; the group combines the
/// parts.
///
/// Each child gets an `ArraySlice`, which is `Sendable` and shares the array's
/// storage, and returns its partial minimum and maximum; the parent reduces
/// them as they arrive. No context pointers, no join, no result properties read
/// after a wait: the group does not return before every child has, and the
/// results travel as return values.
public nonisolated enum MinMaxSearch {
    /// `0..<count` cut into `workers` contiguous ranges; the first
    /// `count % workers` get one extra element, so none is dropped.
    static func workerRanges(count: Int, workers: Int) -> [Range<Int>] {
        let (base, extra) = count.quotientAndRemainder(dividingBy: workers)
        var start = 0
        return (0..<workers).map { index in
            let end = start + base + (index < extra ? 1 : 0)
            defer { start = end }
            return start..<end
        }
    }
}

// MARK: - A task group over slices

nonisolated extension MinMaxSearch {
    /// The minimum and maximum of `numbers`, found by `workers` child tasks.
    @concurrent
    public static func minMax(
        of numbers: [UInt32], workers: Int = 4
    ) async -> (min: UInt32, max: UInt32) {
        await withTaskGroup(of: (min: UInt32, max: UInt32).self) { group in
            let ranges = workerRanges(count: numbers.count, workers: workers)
            for (index, range) in ranges.enumerated() {
                let slice = numbers[range]
                group.addTask(name: "min-max worker \(index)") { scan(slice) }
            }
            let start = (min: UInt32.max, max: UInt32.min)
            return await group.reduce(start) { result, part in
                (min(result.min, part.min), max(result.max, part.max))
            }
        }
    }

    /// The minimum and maximum of one slice (`UInt32.max` and `0` when it is
    /// empty).
    static func scan(
        _ numbers: ArraySlice<UInt32>
    ) -> (min: UInt32, max: UInt32) {
        var result = (min: UInt32.max, max: UInt32.min)
        for value in numbers {
            result.min = min(result.min, value)
            result.max = max(result.max, value)
        }
        return result
    }
}

// MARK: - `async let`, for a fixed number of workers

nonisolated extension MinMaxSearch {
    /// The same with `async let`, for a fixed number of workers (here four).
    @concurrent
    public static func minMaxWithAsyncLet(
        of numbers: [UInt32]
    ) async -> (min: UInt32, max: UInt32) {
        let ranges = workerRanges(count: numbers.count, workers: 4)
        async let first = scan(numbers[ranges[0]])
        async let second = scan(numbers[ranges[1]])
        async let third = scan(numbers[ranges[2]])
        async let fourth = scan(numbers[ranges[3]])
        let parts = await [first, second, third, fourth]
        return (parts.map(\.min).min()!, parts.map(\.max).max()!)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension MinMaxSearch {
    /// The naive version, for `compare` to time: one child task per number.
    /// Each child costs microseconds and some memory to create, schedule and
    /// collect, against a nanosecond of work: for a million numbers that is
    /// seconds and gigabytes. Don't ship this.
    @concurrent
    public static func minMaxOneChildPerNumber(
        of numbers: [UInt32]
    ) async -> (min: UInt32, max: UInt32) {
        await withTaskGroup(of: UInt32.self) { group in
            for number in numbers {
                group.addTask { number }
            }
            let start = (min: UInt32.max, max: UInt32.min)
            return await group.reduce(start) { result, number in
                (min(result.min, number), max(result.max, number))
            }
        }
    }
}
