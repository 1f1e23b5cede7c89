import Foundation
import SpamScore

/// What a comment the stores keep (``CommentEntry``) teaches the spam model and what the
/// score reads of it: the same rules as for a ``Comment`` read from the site.
extension SiteSpamTrainer {
    /// True spam, false not spam, nil nothing (pending, in the trash, a note, or a reply
    /// written here and not posted).
    package static func label(of entry: CommentEntry) -> Bool? {
        guard entry.commentType != .note, !entry.isLocal else { return nil }
        switch entry.status {
        case .spam: return true
        case .approved: return false
        case .hold, .trash: return nil
        }
    }

    /// The entry's text as written (`content.raw`, once read as a moderator; else its plain
    /// text, whose links stay visible: the rendered HTML is not kept) and who wrote it.
    package static func evidence(of entry: CommentEntry) -> SpamEvidence {
        SpamEvidence(html: entry.contentRaw ?? html(ofText: entry.text), authorName: entry.authorName,
                     authorEmail: entry.facts?.email, authorURL: entry.authorURL.isEmpty ? nil : entry.authorURL,
                     authorIP: entry.facts?.ip)
    }

    /// Plain text as HTML that reads as that text: the plain text shows a link as
    /// `<https://…>`, which read as HTML would be a tag, and the link lost.
    static func html(ofText text: String) -> String {
        guard text.contains(where: { $0 == "<" || $0 == ">" || $0 == "&" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
