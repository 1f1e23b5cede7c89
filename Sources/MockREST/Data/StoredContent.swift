/// A comment's raw text, stored as a recipe until someone writes it: seeded texts are
/// regenerated on demand from their seed, so building a million comments allocates no strings.
enum StoredContent: Sendable {
    /// Regenerate with ``TextCorpus/text(seed:)``.
    case generated(seed: UInt64)
    /// One of ``TextCorpus/hostileTexts`` (terminal escape sequences and friends).
    case hostile(index: Int)
    /// Written through the API.
    case literal(String)
    /// A ping's excerpt, regenerated with ``TextCorpus/pingExcerpt(seed:trackback:)``.
    case pingExcerpt(seed: UInt64, trackback: Bool)
    /// A spam campaign's text, regenerated with ``SpamCorpus/text(seed:)``.
    case spam(seed: UInt64)
    /// A copy of the flood's text, regenerated with ``SpamCorpus/floodText(seed:)``.
    case flood(seed: UInt64)

    /// The raw text.
    var text: String {
        switch self {
        case .generated(let seed): TextCorpus.text(seed: seed)
        case .hostile(let index): TextCorpus.hostileTexts[index % TextCorpus.hostileTexts.count]
        case .literal(let text): text
        case .pingExcerpt(let seed, let trackback): TextCorpus.pingExcerpt(seed: seed, trackback: trackback)
        case .spam(let seed): SpamCorpus.text(seed: seed)
        case .flood(let seed): SpamCorpus.floodText(seed: seed)
        }
    }
}
