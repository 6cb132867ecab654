import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct DeepRecursionTests {
    static let depth = 50_000
    static let stackSize = 64 << 20

    enum Variant: String, CaseIterable, Sendable {
        case legacyThread, legacyPOSIXThread, modernDedicatedThread
    }

    /// 50,000 levels deep (more than a 512 KiB stack holds), on a 64 MiB stack, which the thread
    /// reads back where it can.
    @Test(arguments: Variant.allCases)
    func bothSidesParseOnTheConfiguredStack(_ variant: Variant) async {
        let text = Legacy.DeepRecursion.nested(depth: Self.depth)
        switch variant {
        case .legacyThread:
            let result = await onOwnThread {
                Legacy.DeepRecursion.depthOnThread(of: text, stackSize: Self.stackSize)
            }
            #expect(result.depth == Self.depth)
            #expect(result.stackSize == Self.stackSize)
        case .legacyPOSIXThread:
            let depth = await onOwnThread {
                Legacy.DeepRecursion.depthOnPOSIXThread(of: text, stackSize: Self.stackSize)
            }
            #expect(depth == Self.depth)
        case .modernDedicatedThread:
            let (depth, stackSize) = await Modern.DeepRecursion.onDedicatedThread(stackSize: Self.stackSize) {
                (Modern.DeepRecursion.nestingDepth(of: text), readStackSize())
            }
            #expect(depth == Self.depth)
            #expect(stackSize == Self.stackSize)
        }
    }

    /// The iterative parser runs in a plain task, ten times deeper than the threads' input, and
    /// agrees with the recursive one on random nestings.
    @Test func iterativeParserNeedsNoBigStack() async {
        for depth in [0, 1, 2, Self.depth, 1_000_000] {
            #expect(await Modern.DeepRecursion.nestingDepthIteratively(of: Modern.DeepRecursion.nested(depth: depth)) == depth)
        }
        var random = SplitMix64(seed: SplitMix64.defaultSeed)
        for _ in 0..<50 {
            let text = Self.randomBalanced(length: 200, using: &random)
            let recursive = Modern.DeepRecursion.nestingDepth(of: text)
            #expect(await Modern.DeepRecursion.nestingDepthIteratively(of: text) == recursive)
            #expect(Legacy.DeepRecursion.nestingDepth(of: text) == recursive)
        }
        #expect(Modern.DeepRecursion.nestingDepth(of: Array("(()(()))()".utf8)) == 3)
    }

    /// Every thread a parse starts has ended when it returns: the process's thread count comes back.
    @Test func everyThreadHasEndedAfterTheParse() async {
        let text = Legacy.DeepRecursion.nested(depth: 1_000)
        let (before, after) = await onOwnThread {
            let before = (ProcessThreads.count() ?? 0)
            for _ in 0..<10 {
                _ = Legacy.DeepRecursion.depthOnThread(of: text, stackSize: Self.stackSize)
                _ = Legacy.DeepRecursion.depthOnPOSIXThread(of: text, stackSize: Self.stackSize)
            }
            return (before, ProcessThreads.settledBlocking(atMost: before))
        }
        #expect(after <= before)

        // The modern bridge: warm the pool up first, so that only the dedicated threads could add to it.
        _ = await Modern.DeepRecursion.onDedicatedThread(stackSize: Self.stackSize) { 0 }
        let modernBefore = (ProcessThreads.count() ?? 0)
        for _ in 0..<10 {
            _ = await Modern.DeepRecursion.onDedicatedThread(stackSize: Self.stackSize) {
                Modern.DeepRecursion.nestingDepth(of: text)
            }
        }
        #expect(ProcessThreads.settledBlocking(atMost: modernBefore) <= modernBefore)
    }

    /// A random balanced bracket string of about `length` characters.
    static func randomBalanced(length: Int, using random: inout SplitMix64) -> [UInt8] {
        var text: [UInt8] = []
        var open = 0
        for _ in 0..<length {
            if open > 0 && Bool.random(using: &random) {
                text.append(UInt8(ascii: ")"))
                open -= 1
            } else {
                text.append(UInt8(ascii: "("))
                open += 1
            }
        }
        return text + [UInt8](repeating: UInt8(ascii: ")"), count: open)
    }
}

/// The calling thread's configured stack size (a synchronous function, so async code can call it).
private func readStackSize() -> Int {
    Thread.current.stackSize
}
