import Foundation
import CommentsKit

/// The lines of the detail pane for one comment at one width: what ``DetailView`` draws and
/// what ``UIStore`` measures to stop scrolling at the last line.
enum DetailContent {
    /// `timeZone`: the user's, for the full date (``RelativeDate/full(_:timeZone:)``);
    /// `now`: for how long ago the comment's last changes were (``DetailHistoryContent``).
    static func lines(for entry: CommentEntry, in state: CommentsState, site: SiteID, width: Int,
                      timeZone: TimeZone = RelativeDate.utc, now: Date? = nil) -> [(String, Style)] {
        let width = max(1, width - 2)
        var lines: [(String, Style)] = []
        let author = TextSanitizer.singleLine(entry.authorName.isEmpty ? "Anonymous" : entry.authorName)
        // A ping's "author" is the page that links to the post: its title, and below its address.
        lines.append((entry.commentType.isPing ? "\(PingLabel.kind(entry)) from \(PingLabel.title(entry))" : author, Theme.author))
        lines.append((TextSanitizer.singleLine("\(RelativeDate.full(entry.date, timeZone: timeZone)) · \(Theme.statusWord(entry))"), statusStyle(entry)))
        lines.append((placeLine(for: entry, in: state, site: site, width: width), Theme.dim))
        if let change = state.siteChanges[site]?[entry.id] {
            // Someone else's decision, found by the background refresh (issue 27).
            lines.append((TextWrapper.truncateAtWord("Changed on the site (not by parley): \(change.summary)", toWidth: width), Theme.error))
        }
        // Addresses wrap rather than truncate, so they can be read and copied whole.
        if !entry.link.isEmpty {
            for line in TextWrapper.wrap(TextSanitizer.singleLine(entry.link), width: width) { lines.append((line, Theme.dim)) }
        }
        if !entry.authorURL.isEmpty {
            for line in TextWrapper.wrap(addressPrefix(entry) + TextSanitizer.singleLine(entry.authorURL), width: width) {
                lines.append((line, Theme.dim))
            }
        }
        lines += DetailFactsContent.lines(for: entry, in: state, site: site, width: width)
        lines += DetailHistoryContent.lines(for: entry, in: state, site: site, width: width, now: now, timeZone: timeZone)
        lines += DetailSpamContent.lines(for: entry, in: state, site: site, width: width)
        if entry.parent != 0 {
            if let parent = state.comments(of: site)[entry.parent] {
                let excerpt = TextSanitizer.singleLine(parent.text)
                let who = TextSanitizer.singleLine(parent.authorName)
                lines.append((TextWrapper.truncateAtWord("↳ in reply to \(who): \(excerpt)", toWidth: width), Theme.hint))
            } else {
                lines.append(("↳ in reply to comment #\(entry.parent) (not loaded or deleted)", Theme.hint))
            }
        }
        lines.append((String(repeating: "─", count: width), Theme.border))
        for line in TextWrapper.wrap(TextSanitizer.sanitize(entry.text), width: width) {
            lines.append((line, .plain))
        }
        lines += DetailFactsContent.sourceLines(for: entry, width: width)
        return lines
    }

    /// "Post title · pingback · comment #299": the title gives way (with "…") so that the
    /// comment's number is never cut — a number cut short is another comment's.
    private static func placeLine(for entry: CommentEntry, in state: CommentsState, site: SiteID, width: Int) -> String {
        let title = TextSanitizer.singleLine(state.postTitle(site: site, post: entry.post))
        var suffix = ""
        if entry.type != "comment" { suffix += " · \(TextSanitizer.singleLine(entry.type))" }
        if !entry.isLocal { suffix += " · comment #\(entry.id)" }
        let room = width - DisplayWidth.of(suffix)
        guard room >= 2 else { return DisplayWidth.truncate(title + suffix, toWidth: width) }
        return DisplayWidth.truncate(title, toWidth: room) + suffix
    }

    /// Which lines of ``lines(for:in:site:width:)`` show the comment's link and the
    /// author's address, where each address starts on its first line, and the address —
    /// only those ``CommentLink`` accepts — for the detail pane's OSC 8 links. Counted with
    /// the same wrapping as the lines themselves.
    static func linkLines(for entry: CommentEntry, width: Int) -> [(lines: Range<Int>, firstColumn: Int, url: String)] {
        let width = max(1, width - 2)
        var result: [(lines: Range<Int>, firstColumn: Int, url: String)] = []
        var next = 3  // author, date, place
        if !entry.link.isEmpty {
            let count = TextWrapper.wrap(TextSanitizer.singleLine(entry.link), width: width).count
            if let url = CommentLink.sanitized(entry.link) { result.append((next..<next + count, 0, url)) }
            next += count
        }
        if !entry.authorURL.isEmpty {
            let prefix = addressPrefix(entry)
            let count = TextWrapper.wrap(prefix + TextSanitizer.singleLine(entry.authorURL), width: width).count
            if let url = CommentLink.sanitized(entry.authorURL) { result.append((next..<next + count, prefix.count, url)) }
        }
        return result
    }

    /// What the author's address follows: "by " for a comment's author, "from " for the
    /// page a ping comes from.
    private static func addressPrefix(_ entry: CommentEntry) -> String {
        entry.commentType.isPing ? "from " : "by "
    }

    private static func statusStyle(_ entry: CommentEntry) -> Style {
        if case .failed? = entry.mark { return Theme.error }
        return Theme.mark(for: entry).1
    }
}
