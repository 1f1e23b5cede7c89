import Foundation

/// A link parley may hand to a browser, a clipboard or the terminal's hyperlinks: only
/// an absolute http(s) address with a host, no credentials, nothing a terminal or a
/// shell could read as a control (no controls, no spaces, no escapes of any kind), and
/// of a sane length. Anything else from the site is refused, not repaired.
package enum CommentLink {
    /// Longer than this is no comment link (browsers cut near 2 KB anyway).
    static let maximumLength = 2048

    /// `text` when it is such a link, else nil.
    package static func sanitized(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= maximumLength,
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil
        else { return nil }
        return text
    }
}
