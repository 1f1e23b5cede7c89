import CommentsKit

/// The detail pane's lines on the comment's spam score (issue 30): the score and its band,
/// the reasons that weighed most — the sentences `parley comment explain` prints — and the
/// links its markup hides from readers, revealed. Nothing until the store explained the
/// comment (``SpamExplainReducer`` asks), or on a site that is not scored.
enum DetailSpamContent {
    /// The lines, under the score's own line.
    static func lines(for entry: CommentEntry, in state: CommentsState, site: SiteID, width: Int) -> [(String, Style)] {
        guard let explanation = state.spamExplanation, explanation.site == site, explanation.id == entry.id else { return [] }
        return [(TextWrapper.truncateAtWord(heading(explanation), toWidth: width), Theme.dim)] + reasonLines(explanation, width: width)
    }

    /// A line for each reason and hidden link, wrapped, not cut: a reason is read whole, as
    /// `parley comment explain` prints it.
    static func reasonLines(_ explanation: SpamExplanation, width: Int) -> [(String, Style)] {
        let items = explanation.reasons + explanation.hiddenLinks
        guard !items.isEmpty else { return [("  no reason stands out", Theme.hint)] }
        var lines: [(String, Style)] = []
        for item in items {
            for (index, line) in TextWrapper.wrap(TextSanitizer.singleLine(item), width: max(1, width - 4)).enumerated() {
                lines.append(((index == 0 ? "  " : "    ") + line, Theme.hint))
            }
        }
        return lines
    }

    /// "Spam score 87, likely spam:"; "Spam score 70, likely spam (learning: the rules alone):".
    static func heading(_ explanation: SpamExplanation) -> String {
        let learning = explanation.isLearning ? " (learning: the rules alone)" : ""
        return "Spam score \(explanation.value), \(explanation.band.words)\(learning):"
    }
}
