import CommentsKit

/// The spam score in a list row (issue 30): two characters a reader tells apart without
/// colour — the band, then the score's tens.
///
/// - `!` likely spam (65 and above), `?` unsure (35–64), a space likely fine (under 35):
///   only what asks for a look stands out (a letter would read as the status's `S`);
/// - then the tens digit of the score (`!8`: 80–89; 100 shows as `!9`), or `~` while the
///   site's model is learning (too little history: the rules' score alone);
/// - blank: not scored yet. The column shows only on a site that is scored.
enum SpamMark {
    /// The mark's width, and the space after it.
    static let width = 2

    /// The two characters for a score of `value`, `isLearning` or not.
    static func text(score value: Int, isLearning: Bool) -> String {
        let band: String = switch SpamBand(score: value) {
        case .likelySpam: "!"
        case .unsure: "?"
        case .likelyFine: " "
        }
        return band + (isLearning ? "~" : String(min(9, max(0, value / 10))))
    }

    /// How the mark is drawn: likely spam as an error, unsure as a hint, the rest dim.
    static func style(score value: Int) -> Style {
        switch SpamBand(score: value) {
        case .likelySpam: Theme.error
        case .unsure: Theme.hint
        case .likelyFine: Theme.dim
        }
    }
}
