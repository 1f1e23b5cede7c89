import Foundation

/// What a comment's HTML says to a reader, and what it hides from one: the visible text, the
/// links (anchors, bare addresses in the text, BBCode `[url=]`) with their domains, and the
/// tricks spam uses to carry links a reader never sees.
public struct SpamMarkup: Sendable, Equatable {
    /// The text a reader sees: tags removed, the common entities decoded.
    public let visibleText: String
    /// Every link, in order of appearance (the address as written).
    public let links: [String]
    /// The links a reader cannot see: an anchor with no text, or styled out of sight
    /// (`display:none`, `visibility:hidden`, a zero font size).
    public let hiddenLinks: [String]
    /// How many BBCode links (`[url=…]`, `[url]…[/url]`) the text holds: WordPress does not
    /// render them, so only a spammer's tool writes them.
    public let bbcodeLinks: Int

    /// Reads `html`.
    public init(html: String) {
        var scan = SpamMarkupScan()
        scan.read(html)
        self.visibleText = String(decoding: scan.visible, as: UTF8.self)
        self.links = scan.links
        self.hiddenLinks = scan.hiddenLinks
        self.bbcodeLinks = scan.bbcodeLinks
    }

    /// The styles that keep an anchor out of a reader's sight (written lowercased, without
    /// whitespace, as the markup readers compare them).
    static let hidingStyles = ["display:none", "visibility:hidden", "font-size:0", "opacity:0"]

    /// The distinct domains the links point to, lowercased, without `www.`.
    public var domains: [String] { SpamFeatureReader.domains(of: links) }

    /// The host of `link` (`https://www.Pills.example/x` → `pills.example`); nil when there is none.
    public static func domain(of link: String) -> String? {
        let lowered = Array(link.utf8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        guard lowered.allSatisfy({ $0 < 0x80 }) else { return unicodeDomain(of: link) }
        var start = 0
        if let scheme = (0..<max(0, lowered.count - 2)).first(where: { lowered[$0..<($0 + 3)].elementsEqual("://".utf8) }) { start = scheme + 3 }
        var end = start
        while end < lowered.count, !"/?#:]".utf8.contains(lowered[end]) { end += 1 }
        if lowered[start..<end].starts(with: "www.".utf8) { start += 4 }
        let host = lowered[min(start, end)..<end]
        guard host.contains(UInt8(ascii: ".")), host.first != UInt8(ascii: "."), host.last != UInt8(ascii: ".") else { return nil }
        return String(decoding: host, as: UTF8.self)
    }

    /// ``domain(of:)`` of a link with non-ASCII characters (an internationalized domain name), by characters.
    private static func unicodeDomain(of link: String) -> String? {
        var rest = Substring(link.lowercased())
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" && $0 != "]" }
        let trimmed = host.hasPrefix("www.") ? host.dropFirst(4) : host
        guard trimmed.contains("."), !trimmed.hasPrefix("."), !trimmed.hasSuffix(".") else { return nil }
        return String(trimmed)
    }
}
