import Foundation
import CommentsKit

/// The moderator's lines of the detail pane: the author's e-mail, IP and browser, how many
/// comments the e-mail and the IP have on the site, and the comment's source when it says
/// more than its text. Only what the edit context brought: a reader's pane has none of it.
enum DetailFactsContent {
    /// The lines under the comment's address lines.
    static func lines(for entry: CommentEntry, in state: CommentsState, site: SiteID, width: Int) -> [(String, Style)] {
        guard let facts = entry.facts else { return [] }
        var lines: [(String, Style)] = []
        let histories = state.addressHistories[site] ?? [:]
        if !facts.email.isEmpty {
            lines += wrapped("E-mail: " + TextSanitizer.singleLine(facts.email), width: width, style: Theme.dim)
            lines.append((historyLine(histories[.email(facts.email)], width: width), Theme.hint))
        }
        if !facts.ip.isEmpty {
            lines += wrapped("IP: " + TextSanitizer.singleLine(facts.ip), width: width, style: Theme.dim)
            lines.append((historyLine(histories[.ip(facts.ip)], width: width), Theme.hint))
        }
        if !facts.userAgent.isEmpty {
            lines += wrapped("Browser: " + TextSanitizer.singleLine(facts.userAgent), width: width, style: Theme.dim)
        }
        return lines
    }

    /// "  3 approved · 1 pending · 0 spam here", "  first comment from this address".
    static func historyLine(_ lookup: HistoryLookup?, width: Int) -> String {
        let text: String
        switch lookup {
        case nil, .loading?: text = "counting…"
        case .failed(let reason)?: text = "could not count: " + TextSanitizer.singleLine(reason)
        case .loaded(let history)?:
            if history.total <= 1, !history.isLowerBound {
                text = "first comment from this address"
            } else {
                // Grouped and marked as the filter panel writes its counts ("≥6,833").
                let at = history.isLowerBound ? "≥" : ""
                text = "\(at)\(count: history.approved) approved · \(at)\(count: history.pending) pending · \(at)\(count: history.spam) spam here"
            }
        }
        return TextWrapper.truncateAtWord("  " + text, toWidth: width)
    }

    /// The source (`content.raw`) under the text, when it differs from the text beyond
    /// what WordPress's typography changes (quotes, dashes, ellipses, spacing): markup,
    /// shortcodes, a link's address.
    static func sourceLines(for entry: CommentEntry, width: Int) -> [(String, Style)] {
        guard entry.facts != nil, let raw = entry.contentRaw, !SourceComparison.saysTheSame(raw, entry.text) else { return [] }
        var lines: [(String, Style)] = [("", .plain), (TextWrapper.truncateAtWord("Source, as written:", toWidth: width), Theme.dim)]
        for line in TextWrapper.wrap(TextSanitizer.sanitize(raw), width: width) { lines.append((line, Theme.dim)) }
        return lines
    }

    private static func wrapped(_ text: String, width: Int, style: Style) -> [(String, Style)] {
        TextWrapper.wrap(text, width: width).map { ($0, style) }
    }
}

/// Whether a comment's source and its text say the same once WordPress's typography is
/// undone: `it's` is `it’s`, `--` is `–`, `...` is `…`, runs of spaces and line breaks are one.
enum SourceComparison {
    static func saysTheSame(_ source: String, _ text: String) -> Bool {
        normalised(source) == normalised(text)
    }

    private static func normalised(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        for character in text {
            if character.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            switch character {
            case "’", "‘", "′": result.append("'")
            case "“", "”", "″": result.append("\"")
            case "–", "—": result.append("-")
            case "…": result.append("...")
            case "×": result.append("x")
            default: result.append(character)
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result.replacingOccurrences(of: "---", with: "-").replacingOccurrences(of: "--", with: "-")
    }
}
