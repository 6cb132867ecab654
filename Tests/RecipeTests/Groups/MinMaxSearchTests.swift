import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct MinMaxSearchTests {
    typealias MinMax = (min: UInt32, max: UInt32)

    /// Every implementation, by name, as an async function of the numbers and the worker count.
    enum Implementation: String, CaseIterable, Sendable {
        case posixThreads, threadSubclass, taskGroup

        func callAsFunction(_ numbers: [UInt32], workers: Int = 4) async -> MinMax {
            switch self {
            case .posixThreads:
                await onOwnThread { Legacy.MinMaxSearch.withPOSIXThreads(numbers, threadCount: workers) }
            case .threadSubclass:
                await onOwnThread { Legacy.MinMaxSearch.withThreadSubclass(numbers, threadCount: workers) }
            case .taskGroup: await Modern.MinMaxSearch.minMax(of: numbers, workers: workers)
            }
        }
    }

    static let million = SplitMix64.numbers(count: 1_000_000)
    /// The extremes are in the last three of 1,000,003 numbers; the rest lie strictly between.
    static let millionAndThree = SplitMix64.numbers(count: 1_000_000, upTo: .max - 2).map { $0 + 1 } + [.max, 0, 2013]

    static func scan(_ numbers: [UInt32]) -> MinMax { (numbers.min()!, numbers.max()!) }

    @Test(arguments: Implementation.allCases)
    func findsTheSameMinAndMaxAsASequentialScan(_ implementation: Implementation) async {
        let expected = Self.scan(Self.million)
        let found = await implementation(Self.million)
        #expect(found == expected)
    }

    @Test func asyncLetFindsTheSameMinAndMaxAsASequentialScan() async {
        #expect(await Modern.MinMaxSearch.minMaxWithAsyncLet(of: Self.million) == Self.scan(Self.million))
    }

    @Test(arguments: Implementation.allCases)
    func noWorkerDropsTheRemainder(_ implementation: Implementation) async {
        #expect(Self.scan(Array(Self.millionAndThree.dropLast(3))) != (0, .max))
        let found = await implementation(Self.millionAndThree)
        #expect(found == (0, .max))
    }

    @Test func asyncLetDoesNotDropTheRemainder() async {
        #expect(await Modern.MinMaxSearch.minMaxWithAsyncLet(of: Self.millionAndThree) == (0, .max))
    }

    @Test(arguments: Implementation.allCases, [1, 3, 7, 12])
    func anyWorkerCountCoversEveryNumber(_ implementation: Implementation, workers: Int) async {
        // 10 numbers with the extremes at both ends: every split of them must see both.
        let numbers: [UInt32] = [.max, 5, 9, 3, 7, 8, 2, 6, 4, 0]
        let found = await implementation(numbers, workers: workers)
        #expect(found == (0, .max))
    }

    @Test func oneChildPerNumberFindsTheSameMinAndMax() async {
        let numbers = Array(Self.million.prefix(10_000))
        #expect(await Modern.MinMaxSearch.minMaxOneChildPerNumber(of: numbers) == Self.scan(numbers))
    }
}
