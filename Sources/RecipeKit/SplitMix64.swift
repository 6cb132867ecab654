/// A seeded pseudo-random generator (SplitMix64) shared by both sides of a recipe.
///
/// The classic examples use `arc4random`, which cannot be seeded, so two runs could never be
/// compared.
/// SplitMix64 is tiny, fast and passes BigCrush; given the same seed it yields the same stream
/// on every platform, which is what parity and the generated guide need.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; the same seed always gives the same sequence.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed every recipe uses unless it says otherwise.
    public static let defaultSeed: UInt64 = 2013
}

extension SplitMix64 {
    /// `count` values in `0...upperBound`, drawn from a generator seeded with `seed`.
    public static func numbers(count: Int, upTo upperBound: UInt32 = .max, seed: UInt64 = defaultSeed) -> [UInt32] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt32.random(in: 0...upperBound, using: &generator) }
    }
}
