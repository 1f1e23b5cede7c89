/// The spam score's band of every row of a site (issue 30), in the positions of its
/// ``RowFacts``: what the Score group's filter and counts read, a byte per row.
struct SpamBandColumn {
    /// Per row position: 0 not scored, else 1 + the band's index in `SpamBand.allCases`.
    let bands: [UInt8]
    /// The scoring it was read from (``SiteSpamScores/scoring``).
    let scoring: Int

    /// The bands of `site`'s rows by `scores`.
    init(site: SiteComments, scores: SiteSpamScores) {
        bands = site.rows.map { row in scores.band(of: row.id).map(Self.code) ?? 0 }
        scoring = scores.scoring
    }

    /// The byte of `band`.
    static func code(_ band: SpamBand) -> UInt8 {
        UInt8(SpamBand.allCases.firstIndex(of: band) ?? 0) + 1
    }

    /// How many codes there are, "not scored" included.
    static let codeCount = SpamBand.allCases.count + 1
}
