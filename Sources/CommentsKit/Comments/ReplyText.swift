import Foundation

/// Whether a comment on the site holds the text of a reply written here: how a reply whose
/// answer was lost is recognised (see ``WriteSettlement``).
enum ReplyText {
    /// Compares `content.raw` exactly (trimmed) when the site sent it; otherwise the rendered
    /// text made plain, with WordPress's typography (curly quotes, dashes, ellipses) and
    /// runs of white space undone on both sides, since the rendering is all there is.
    static func matches(_ comment: Comment, _ text: String) -> Bool {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let raw = comment.contentRaw {
            return raw.trimmingCharacters(in: .whitespacesAndNewlines) == wanted
        }
        let rendered = HTMLText.plainText(fromHTML: comment.contentHTML)
        let ours = HTMLText.plainText(fromHTML: PlainTextHTML.html(fromPlainText: wanted))
        return plain(rendered) == plain(ours)
    }

    /// Text with typography and spacing folded away.
    static func plain(_ text: String) -> String {
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\u{2018}", "\u{2019}", "\u{201A}", "\u{2032}": folded.append("'")
            case "\u{201C}", "\u{201D}", "\u{201E}", "\u{2033}": folded.append("\"")
            case "\u{2013}", "\u{2014}": folded.append("-")
            case "\u{2026}": folded.append("...")
            case "\u{00D7}": folded.append("x")
            default: folded.append(character)
            }
        }
        let words = folded.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        return words.joined(separator: " ").replacingOccurrences(of: "--", with: "-")
    }
}
