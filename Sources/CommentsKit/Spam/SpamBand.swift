import SpamScore

/// How a moderator reads a spam score (issue 30): the bands of ``SpamScore/Verdict``, for
/// the clients of CommentsKit (the list's marks, the Score filter group, the orders).
public enum SpamBand: String, Sendable, Codable, CaseIterable {
    /// 65 and above.
    case likelySpam
    /// 35 to 64: the score cannot tell.
    case unsure
    /// Under 35.
    case likelyFine

    /// The band of a score of `value` (0–100), as ``SpamScore/verdict`` bands it.
    public init(score value: Int) {
        switch SpamScore(value: value, isLearning: false, reasons: []).verdict {
        case .likelySpam: self = .likelySpam
        case .unsure: self = .unsure
        case .likelyFine: self = .likelyFine
        }
    }

    /// In words, as `parley comment explain` says it: "likely spam", "unsure", "likely fine".
    public var words: String {
        switch self {
        case .likelySpam: "likely spam"
        case .unsure: "unsure"
        case .likelyFine: "likely fine"
        }
    }
}
