/// One site's spam scores as the state holds them (issue 30): a byte per comment, by id,
/// and whether the site's model is still learning. The model itself lives outside the
/// state (``SiteSpamModels``): the state stays cheap to compare and to keep in history.
public struct SiteSpamScores: Equatable, Sendable, Codable {
    /// Each scored comment's score, 0–100, by id (notes are never scored).
    public internal(set) var values: [Int: UInt8] = [:]
    /// Whether the site's history holds too little to learn from (under
    /// `SpamModel.minimumHistory` approved or spam comments): the scores are the rules' alone.
    public internal(set) var isLearning = true
    /// Approved comments the model learned from.
    public internal(set) var approvedExamples = 0
    /// Spam comments the model learned from.
    public internal(set) var spamExamples = 0
    /// The revision of the site's comments (``SiteComments/revision``) the scores are of.
    public internal(set) var revision = 0
    /// How many times the site was scored: names the scores, so a pane's explanation can
    /// tell it is of the model that made them (``SpamExplanation/scoring``).
    public internal(set) var scoring = 0
    /// The revision of the site's comments being scored now, off the main actor; nil when
    /// no scoring is under way. One at a time: while a large site loads, pages come faster
    /// than a scoring ends, and one restarted at each page would never end.
    public internal(set) var scoringRevision: Int?

    public init() {}

    /// Scores made outside a store (tests, the bench).
    public init(values: [Int: UInt8], isLearning: Bool, approvedExamples: Int, spamExamples: Int, revision: Int) {
        self.values = values
        self.isLearning = isLearning
        self.approvedExamples = approvedExamples
        self.spamExamples = spamExamples
        self.revision = revision
    }

    /// Comment `id`'s score, 0–100; nil when it is not scored (yet).
    public func score(of id: Int) -> Int? {
        values[id].map(Int.init)
    }

    /// Comment `id`'s band; nil when it is not scored (yet).
    public func band(of id: Int) -> SpamBand? {
        score(of: id).map(SpamBand.init(score:))
    }
}

/// In a log line, how many comments and which scoring, not every score: a debug log of a
/// large site's actions would otherwise print a hundred thousand of them at each scoring.
extension SiteSpamScores: CustomStringConvertible {
    public var description: String {
        "SiteSpamScores(\(values.count) comments, scoring \(scoring), revision \(revision)"
            + (isLearning ? ", learning" : "") + ", \(approvedExamples) approved, \(spamExamples) spam)"
    }
}
