/// A site's texts folded for the search off the main actor, as the action that brings
/// them back carries them (``FilterAction/searchTextsFolded(_:)``).
///
/// What a cache is filled with, not state: the filter store's memo takes the texts (moved
/// out, once, so that whoever else still holds the action — a log, a test — keeps no
/// second reference, and the next update copies nothing), and no filter state depends on
/// them. A recording keeps how many slots and bytes were folded; replayed, the action
/// carries no texts, and the searches scan the slow way with the same result.
public struct FoldedSearchTexts: Equatable, Sendable, Codable {
    /// How many slots were folded.
    let slots: Int
    /// How many bytes of folded text they came to.
    let bytes: Int
    /// The texts, until the memo takes them; nil in a replayed action.
    private let texts: Locked<FoldedTexts?>

    init(_ texts: FoldedTexts) {
        slots = texts.indexedCount
        bytes = texts.byteCount
        self.texts = Locked(texts)
    }

    /// The texts, the first time; nil after (and in a replayed action).
    func take() -> FoldedTexts? {
        texts.withLock { texts in
            defer { texts = nil }
            return texts
        }
    }

    /// Whether both folded as many slots into as many bytes (the texts are not compared).
    public static func == (lhs: FoldedSearchTexts, rhs: FoldedSearchTexts) -> Bool {
        lhs.slots == rhs.slots && lhs.bytes == rhs.bytes
    }

    private enum CodingKeys: String, CodingKey { case slots, bytes }

    /// Reads the counts a recording kept; the texts are not in it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slots = try container.decode(Int.self, forKey: .slots)
        bytes = try container.decode(Int.self, forKey: .bytes)
        texts = Locked(nil)
    }

    /// Writes the counts, not the texts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slots, forKey: .slots)
        try container.encode(bytes, forKey: .bytes)
    }
}
