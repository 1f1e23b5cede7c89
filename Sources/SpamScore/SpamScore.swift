/// A comment's spam score: 0–100, 50 and above leaning to spam, with the reasons that
/// weighed most, in words.
public struct SpamScore: Sendable, Equatable {
    /// How a moderator reads a score.
    public enum Verdict: String, Sendable, CaseIterable {
        /// Under 35.
        case likelyFine
        /// 35 to 64: the score cannot tell; read the comment.
        case unsure
        /// 65 and above.
        case likelySpam
    }

    /// 0–100.
    public let value: Int
    /// Whether the site's history was too small to learn from (under
    /// ``SpamModel/minimumHistory`` of each kind): the score is the rules' alone.
    public let isLearning: Bool
    /// The reasons, the weightiest first (at most five).
    public let reasons: [SpamReason]

    public init(value: Int, isLearning: Bool, reasons: [SpamReason]) {
        self.value = Swift.min(100, Swift.max(0, value))
        self.isLearning = isLearning
        self.reasons = reasons
    }

    /// Whether the score leans to spam (50 and above): the threshold its precision is measured at.
    public var leansToSpam: Bool { value >= 50 }

    /// The band the score falls in.
    public var verdict: Verdict {
        value >= 65 ? .likelySpam : value >= 35 ? .unsure : .likelyFine
    }
}

/// One reason for a score, in words, with how much it weighed (positive: towards spam).
public struct SpamReason: Sendable, Equatable {
    /// What a moderator reads: "links to pills.example — seen in 41 spam here".
    public let text: String
    /// Its share of the score's log-odds (positive: towards spam).
    public let weight: Float

    public init(_ text: String, weight: Float) {
        self.text = text
        self.weight = weight
    }
}
