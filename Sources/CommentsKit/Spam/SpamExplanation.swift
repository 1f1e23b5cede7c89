/// Why one comment scores as it does (issue 30), for the detail pane: the score, the
/// reasons that weighed most in words (the sentences `parley comment explain` prints), and
/// the links its markup hides from readers. Made for the one comment the pane shows, never
/// for every row.
public struct SpamExplanation: Equatable, Sendable, Codable {
    /// The site.
    public let site: SiteID
    /// The comment.
    public let id: Int
    /// The scoring of the site it was made with (``SiteSpamScores/scoring``).
    public let scoring: Int
    /// The score, 0–100.
    public let value: Int
    /// Whether the site's model is still learning (the rules' score alone).
    public let isLearning: Bool
    /// The reasons, the weightiest first, in words.
    public let reasons: [String]
    /// The links hidden from readers, each in words ("hidden link: pills.example/buy (display:none)").
    public let hiddenLinks: [String]

    public init(site: SiteID, id: Int, scoring: Int, value: Int, isLearning: Bool, reasons: [String], hiddenLinks: [String]) {
        self.site = site
        self.id = id
        self.scoring = scoring
        self.value = value
        self.isLearning = isLearning
        self.reasons = reasons
        self.hiddenLinks = hiddenLinks
    }

    /// The band of the score.
    public var band: SpamBand { SpamBand(score: value) }
}
