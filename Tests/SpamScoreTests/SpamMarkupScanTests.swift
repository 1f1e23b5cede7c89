import Foundation
import Testing
import PropertyBased
@testable import SpamScore

/// The obvious reading of a comment's markup, character by character on `String`s: what
/// ``SpamMarkup`` read before it read bytes (``SpamMarkupScan``), kept as the slow twin the
/// fast reading is compared with.
struct ObviousMarkup: Equatable {
    let visibleText: String
    let links: [String]
    let hiddenLinks: [String]
    let bbcodeLinks: Int

    /// Reads `html`.
    init(html: String) {
        var visible = ""
        var links: [String] = []
        var hidden: [String] = []
        var anchor: (href: String, hidden: Bool, text: String)?
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            guard character == "<", let close = html[index...].firstIndex(of: ">") else {
                visible.append(character)
                anchor?.text.append(character)
                index = html.index(after: index)
                continue
            }
            let tag = html[html.index(after: index)..<close].lowercased()
            if tag.hasPrefix("a ") || tag == "a" {
                let original = String(html[html.index(after: index)..<close])
                anchor = (Self.attribute("href", in: original) ?? "", Self.isStyledOutOfSight(tag), "")
            } else if tag.hasPrefix("/a"), let open = anchor {
                if !open.href.isEmpty {
                    links.append(open.href)
                    if open.hidden || open.text.allSatisfy(\.isWhitespace) { hidden.append(open.href) }
                }
                anchor = nil
            } else if tag.hasPrefix("br") || tag.hasPrefix("p") || tag.hasPrefix("/p") || tag.hasPrefix("div") {
                visible.append(" ")
            }
            index = html.index(after: close)
        }
        let text = Self.decodingEntities(visible)
        let bbcode = Self.bbcodeLinks(in: text)
        let anchored = Set(links)
        links += bbcode.filter { !anchored.contains($0) }
        links += Self.addresses(in: text).filter { !anchored.contains($0) && !bbcode.contains($0) }
        self.visibleText = text
        self.links = links
        self.hiddenLinks = hidden
        self.bbcodeLinks = bbcode.count
    }

    // MARK: Reading the pieces

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + "=", options: .caseInsensitive) else { return nil }
        var rest = tag[range.upperBound...]
        guard let quote = rest.first else { return nil }
        if quote == "\"" || quote == "'" {
            rest = rest.dropFirst()
            return String(rest.prefix { $0 != quote })
        }
        return String(rest.prefix { !$0.isWhitespace })
    }

    private static func isStyledOutOfSight(_ tag: String) -> Bool {
        let compact = tag.filter { !$0.isWhitespace }
        return ["display:none", "visibility:hidden", "font-size:0", "opacity:0"].contains { compact.contains($0) }
    }

    private static let entities: [(String, String)] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#039;", "'"), ("&#8217;", "’"),
        ("&nbsp;", " "), ("&#8220;", "“"), ("&#8221;", "”"), ("&amp;", "&"),
    ]

    private static let entityBytes = entities.map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// The entities decoded in one pass (each begins with `&` and ends with `;`, so none
    /// overlaps another and none is made by decoding one).
    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        reading: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for (entity, character) in entityBytes where bytes[index...].starts(with: entity) {
                    decoded += character
                    index += entity.count
                    continue reading
                }
            }
            decoded.append(bytes[index])
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Unicode's whitespace, ASCII's without the tables (they cost more than the rest of reading).
    private static func isWhitespace(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return character.isWhitespace }
        return ascii == 0x20 || (0x09...0x0D).contains(ascii)
    }

    /// `[url=ADDRESS]…` and `[url]ADDRESS[/url]`.
    private static func bbcodeLinks(in text: String) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "[")), text.range(of: "[url", options: .caseInsensitive) != nil else { return [] }
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "[url", options: .caseInsensitive) {
            rest = rest[open.upperBound...]
            if rest.first == "=" {
                found.append(String(rest.dropFirst().prefix { $0 != "]" }))
            } else if rest.first == "]" {
                found.append(String(rest.dropFirst().prefix { $0 != "[" }))
            }
        }
        return found.filter { !$0.isEmpty }
    }

    /// Bare addresses in the text: `http(s)://…`, `www.…`, `name.tld/path`, and `name.tld`
    /// where the top-level domain is two to six letters.
    static func addresses(in text: String) -> [String] {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }) else { return [] }
        var found: [String] = []
        for word in text.split(whereSeparator: isWhitespace) {
            // Every address has a dot or a colon: the other words (nearly all) are not read further.
            guard word.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }) else { continue }
            let token = word.trimmingCharacters(in: addressEdges)
            let lowered = token.lowercased()
            if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("www.") {
                found.append(String(token))
            } else if Self.isBareDomain(lowered) {
                found.append(String(token))
            }
        }
        return found
    }

    /// What may stand around an address in the text and is not part of it.
    private static let addressEdges: CharacterSet = ["(", ")", ",", "!", "?", "\"", "'", ";", "<", ">"]

    /// Whether a token like `pills.example/buy` or `murdev.com` names a domain.
    private static func isBareDomain(_ token: String) -> Bool {
        let host = token.prefix { $0 != "/" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        // A long top-level domain only with a path after it: "fine.Really" is a missing space.
        let longest = host.count < token.count ? 24 : 6
        guard labels.count >= 2, let tld = labels.last, (2...longest).contains(tld.count), tld.allSatisfy({ $0.isASCII && $0.isLetter }),
              labels.dropLast().allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
        else { return false }
        return true
    }
}

/// The byte reading of markup against the obvious one, on texts made of the pieces that
/// matter to it: tags, anchors plain, empty and styled out of sight, entities, BBCode, bare
/// addresses, non-ASCII letters and whitespace.
@Suite struct SpamMarkupScanTests {
    static let pieces = [
        "<a href=\"http://x.example/a\">", "<A HREF='https://www.Y.example'>", "<a style=\"display: none\" href=q.example/z>",
        "<a href=\"\">", "</a>", "</A>", "<p>", "</p>", "<br />", "<div class=x>", "<em>", "<", ">", "text", "Word", " ", "\n",
        "\r\n", "\t", "é", "東", "😀", "\u{A0}", "\u{3000}", "&amp;", "&nbsp;", "&lt;", "&#8217;", "&bogus;", "&", "[url=http://b.example]",
        "[URL]http://c.example[/url]", "[url", "]", "[", "www.d.example", "e.com", "fine.Really", "f.example/path", "http://g.example,",
        "(h.example)", ".", ":", "a.b.c", "x-y.org/1",
    ]
    static let html = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...24).map { $0.joined() }

    @Test func bytesReadWhatCharactersRead() async {
        await propertyCheck(count: 500, input: Self.html) { html in
            let fast = SpamMarkup(html: html)
            let obvious = ObviousMarkup(html: html)
            #expect(fast.visibleText == obvious.visibleText, "\(html.debugDescription)")
            #expect(fast.links == obvious.links, "\(html.debugDescription)")
            #expect(fast.hiddenLinks == obvious.hiddenLinks, "\(html.debugDescription)")
            #expect(fast.bbcodeLinks == obvious.bbcodeLinks, "\(html.debugDescription)")
        }
    }

    @Test func theDomainOfALinkIsTheObviousOne() async {
        let link = Gen<String?>.element(of: ["HTTPS://", "http://", "www.", "WWW.", "Pills", "example", ".", "com", ":8080", "/a", "?q", "#f", "]", "é", "ü.example"])
            .map { $0 ?? "" }.array(of: 0...8).map { $0.joined() }
        await propertyCheck(count: 300, input: link) { link in
            var rest = Substring(link.lowercased())
            if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" && $0 != "]" }
            let trimmed = host.hasPrefix("www.") ? host.dropFirst(4) : host
            let obvious = trimmed.contains(".") && !trimmed.hasPrefix(".") && !trimmed.hasSuffix(".") ? String(trimmed) : nil
            #expect(SpamMarkup.domain(of: link) == obvious, "\(link.debugDescription)")
        }
    }
}
