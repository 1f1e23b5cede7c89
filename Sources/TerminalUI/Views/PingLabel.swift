import Foundation
import CommentsKit

/// How a pingback or a trackback says what it is: WordPress keeps the linking page's title
/// as its author name and the page's address as its author URL.
enum PingLabel {
    /// "Pingback", "Trackback".
    static func kind(_ entry: CommentEntry) -> String {
        entry.commentType == .trackback ? "Trackback" : "Pingback"
    }

    /// The linking page's title, as wp-admin shows it: WordPress keeps a pingback's title as
    /// the page had it, entities and all (`Elsewhere Blog &raquo; A post`).
    static func title(_ entry: CommentEntry) -> String {
        TextSanitizer.singleLine(HTMLText.plainText(fromHTML: entry.authorName))
    }

    /// "pingback from example.org": the kind and the linking site's host (its whole address
    /// when it has no host), for a list row.
    static func row(_ entry: CommentEntry) -> String {
        let address = TextSanitizer.singleLine(entry.authorURL)
        let host = URLComponents(string: address)?.host ?? address
        let kind = kind(entry).lowercased()
        return host.isEmpty ? kind : "\(kind) from \(TextSanitizer.singleLine(host))"
    }
}
