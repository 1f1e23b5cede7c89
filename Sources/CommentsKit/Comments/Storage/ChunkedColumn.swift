/// A growable array stored in fixed chunks of 4,096 elements.
///
/// The stores keep old states alive while they build new ones (a transaction's snapshot, a
/// subscriber's previous value), so writing to a shared array copies it whole: one
/// moderation at a million comments would copy megabytes. Here a write copies only the
/// chunk it lands in, and an append only the last one.
struct ChunkedColumn<Element: Sendable>: Sendable {
    private static var shift: Int { 12 }
    private static var chunkSize: Int { 1 << shift }
    private static var mask: Int { chunkSize - 1 }

    private var chunks: [ContiguousArray<Element>] = []
    /// How many elements it holds.
    private(set) var count = 0

    init() {}

    subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & Self.mask] }
        set { chunks[index >> Self.shift][index & Self.mask] = newValue }
    }

    mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            var chunk = ContiguousArray<Element>()
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}
