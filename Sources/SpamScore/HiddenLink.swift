/// A link in a comment's markup that a reader of the page never sees, with how it is
/// hidden: what the detail pane reveals ("hidden link: pills.example/buy (display:none)").
public struct HiddenLink: Sendable, Equatable {
    /// The address as written in the markup.
    public let address: String
    /// How it is hidden: the style that hides it (`display:none`, `visibility:hidden`,
    /// `font-size:0`, `opacity:0`), or "no text" for an anchor around nothing.
    public let how: String

    public init(address: String, how: String) {
        self.address = address
        self.how = how
    }

    /// The address without its scheme and `www.`, as a moderator reads it.
    public var shortAddress: String {
        var rest = Substring(address)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if rest.lowercased().hasPrefix("www.") { rest = rest.dropFirst(4) }
        return String(rest)
    }

    /// "hidden link: pills.example/buy (display:none)".
    public var sentence: String { "hidden link: \(shortAddress) (\(how))" }

    /// The hidden links of `html`, in order: the anchors ``SpamMarkup/hiddenLinks`` counts,
    /// each with how it is hidden (read again here, for the one comment a moderator looks at,
    /// so the markup reading every comment stays as fast as it is).
    public static func all(in html: String) -> [HiddenLink] {
        let hidden = SpamMarkup(html: html).hiddenLinks
        guard !hidden.isEmpty else { return [] }
        var found: [HiddenLink] = []
        var rest = Substring(html)
        var remaining = hidden
        while let open = rest.range(of: "<a", options: .caseInsensitive), !remaining.isEmpty {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let tag = String(rest[open.upperBound..<close])
            rest = rest[rest.index(after: close)...]
            guard let first = tag.first, first.isWhitespace else { continue }
            guard let index = remaining.firstIndex(where: { tag.contains($0) }) else { continue }
            let address = remaining.remove(at: index)
            found.append(HiddenLink(address: address, how: how(tag)))
        }
        return found
    }

    /// The style in `tag` that hides the anchor, else "no text".
    private static func how(_ tag: String) -> String {
        let compact = tag.lowercased().filter { !$0.isWhitespace }
        return SpamMarkup.hidingStyles.first { compact.contains($0) } ?? "no text"
    }
}
