/// SplitMix64: a tiny, fast PRNG whose whole state is one integer, so every sequence is
/// reproducible from its seed (the system RNG never is).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0), by multiply-shift: no modulo bias worth caring about
    /// here and no rejection loop, so each call consumes exactly one draw.
    public mutating func below(_ bound: Int) -> Int {
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }

    /// A value in `0..<1`, from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
