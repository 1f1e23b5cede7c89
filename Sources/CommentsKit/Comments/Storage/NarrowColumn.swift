/// A column of 8-byte values (ids, dates) kept in 4 bytes each when they fit, in
/// ``ChunkedColumn`` chunks; the few that do not fit live in a side table.
///
/// At a million comments each 8-byte column is 8 MB, and the ids, parents and dates of a
/// site almost always fit 32 bits (ids below 2³¹, dates in whole seconds between 1933 and
/// 2069). Values come from the network, so any other value is kept too, exactly.
struct NarrowColumn<Value: Narrowable>: Sendable {
    /// Marks a slot whose value is in ``wide``.
    private static var outOfRange: Int32 { .min }

    private var narrow = ChunkedColumn<Int32>()
    /// By index: the values that do not fit 32 bits.
    private var wide: [Int: Value] = [:]

    /// How many elements it holds.
    var count: Int { narrow.count }

    init() {}

    subscript(index: Int) -> Value {
        get {
            let stored = narrow[index]
            return stored != Self.outOfRange ? Value(narrowed: stored) : wide[index] ?? Value(narrowed: 0)
        }
        set {
            if let stored = newValue.narrowed, stored != Self.outOfRange {
                if !wide.isEmpty, narrow[index] == Self.outOfRange { wide[index] = nil }
                narrow[index] = stored
            } else {
                narrow[index] = Self.outOfRange
                wide[index] = newValue
            }
        }
    }

    mutating func append(_ value: Value) {
        narrow.append(0)
        self[narrow.count - 1] = value
    }
}

/// A value that ``NarrowColumn`` can keep in 32 bits when it fits exactly.
protocol Narrowable: Sendable {
    /// The value as 32 bits, or nil when those cannot hold it exactly.
    var narrowed: Int32? { get }
    /// The value that ``narrowed`` gave `narrowed`.
    init(narrowed: Int32)
}

extension Int: Narrowable {
    var narrowed: Int32? { Int32(exactly: self) }
    init(narrowed: Int32) { self.init(narrowed) }
}

/// Seconds: whole ones fit (WordPress dates have no fractions); a fraction (a reply
/// written here is dated to the instant), NaN or a date beyond 1933–2069 goes wide.
extension Double: Narrowable {
    var narrowed: Int32? {
        guard let whole = Int32(exactly: self), whole != 0 || sign == .plus else { return nil }
        return whole
    }
    init(narrowed: Int32) { self.init(narrowed) }
}
