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
    /// each with how it is hidden, as the markup's one reading found them.
    public static func all(in html: String) -> [HiddenLink] {
        var scan = SpamMarkupScan()
        scan.read(html)
        return zip(scan.hiddenLinks, scan.hidingWays).map { HiddenLink(address: $0, how: $1) }
    }
}
