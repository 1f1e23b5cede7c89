/// A comment's HTML read as UTF-8 bytes: what ``SpamMarkup`` tells, without making a
/// `String` of the visible text or walking it character by character (reading a million
/// comments that way took three quarters of a training). Its buffers are reused from one
/// comment to the next; only the links, which few comments have, become strings.
///
/// The tags and entities it knows are ASCII, so a byte never has to be decoded to be
/// recognised; a non-ASCII scalar is decoded only to ask whether it is whitespace inside a link.
struct SpamMarkupScan {
    /// The text a reader sees, as UTF-8 bytes: tags removed, the common entities decoded.
    private(set) var visible: [UInt8] = []
    /// Every link, in order of appearance (the address as written).
    private(set) var links: [String] = []
    /// The links a reader cannot see (``SpamMarkup/hiddenLinks``).
    private(set) var hiddenLinks: [String] = []
    /// How each of ``hiddenLinks`` is hidden: the style of ``SpamMarkup/hidingStyles`` on its
    /// anchor, or "no text" (what the detail pane says, ``HiddenLink``).
    private(set) var hidingWays: [String] = []
    /// How many BBCode links the text holds.
    private(set) var bbcodeLinks = 0
    /// The visible text before its entities are decoded.
    private var raw: [UInt8] = []

    /// Reads `html`, forgetting the comment read before.
    mutating func read(_ html: String) {
        raw.removeAll(keepingCapacity: true)
        links.removeAll()
        hiddenLinks.removeAll()
        hidingWays.removeAll()
        bbcodeLinks = 0
        if html.utf8.withContiguousStorageIfAvailable({ readTags($0) }) == nil {
            let copy = Array(html.utf8)
            copy.withUnsafeBufferPointer { readTags($0) }
        }
        Self.decodeEntities(raw, into: &visible)
        visible.withUnsafeBufferPointer { text in
            let bbcode = Self.bbcodeLinks(in: text)
            let anchored = links
            links += bbcode.filter { !anchored.contains($0) }
            if text.contains(UInt8(ascii: ".")) || text.contains(UInt8(ascii: ":")) {
                links += Self.addresses(in: text).filter { !anchored.contains($0) && !bbcode.contains($0) }
            }
            bbcodeLinks = bbcode.count
        }
    }

    /// Takes `text` as visible text already (no tags, no entities, no links): what
    /// ``SpamFeatureReader/normalized(_:)`` normalizes.
    mutating func readPlain(_ text: String) {
        visible = Array(text.utf8)
        links.removeAll()
        hiddenLinks.removeAll()
        hidingWays.removeAll()
        bbcodeLinks = 0
    }

    // MARK: Tags

    /// The text outside tags into ``raw``, the anchors into ``links`` and ``hiddenLinks``.
    private mutating func readTags(_ html: UnsafeBufferPointer<UInt8>) {
        // An anchor open: its address, the style that keeps it out of sight (if any),
        // whether a reader sees anything of its text so far.
        var anchor: (href: String, hidingStyle: String?, inked: Bool)?
        // Past this offset no `>` follows: a `<` there is text (and is not searched again).
        let lastClose = Self.lastIndex(of: UInt8(ascii: ">"), in: html)
        var index = 0
        while index < html.count {
            // The text up to the next tag, in one copy.
            let text = index
            while index < html.count, html[index] != UInt8(ascii: "<") || index >= lastClose { index += 1 }
            if index > text {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: html[text..<index]))
                if anchor?.inked == false, Self.hasInk(UnsafeBufferPointer(rebasing: html[text..<index])) { anchor?.inked = true }
            }
            guard index < html.count, let close = Self.firstIndex(of: UInt8(ascii: ">"), in: html, from: index + 1) else { break }
            let tag = UnsafeBufferPointer(rebasing: html[(index + 1)..<close])
            if Self.startsTag(tag, "a ") || (tag.count == 1 && Self.lower(tag[0]) == UInt8(ascii: "a")) {
                anchor = (Self.attribute("href=", in: tag) ?? "", Self.hidingStyle(of: tag), false)
            } else if Self.startsTag(tag, "/a"), let open = anchor {
                if !open.href.isEmpty {
                    links.append(open.href)
                    if open.hidingStyle != nil || !open.inked {
                        hiddenLinks.append(open.href)
                        hidingWays.append(open.hidingStyle ?? "no text")
                    }
                }
                anchor = nil
            } else if Self.startsTag(tag, "br") || Self.startsTag(tag, "p") || Self.startsTag(tag, "/p") || Self.startsTag(tag, "div") {
                raw.append(0x20)
            }
            index = close + 1
        }
    }

    /// Whether `text` shows a reader anything: a scalar that is not whitespace.
    private static func hasInk(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // A continuation byte is part of the scalar its first byte was asked about.
        text.indices.contains { text[$0] & 0xC0 != 0x80 && !isWhitespace(at: $0, in: text) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether the tag's text begins with `prefix` (ASCII, lowercase), whatever its case.
    private static func startsTag(_ tag: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard tag.count >= prefix.utf8CodeUnitCount else { return false }
        let start = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount where lower(tag[offset]) != start[offset] { return false }
        return true
    }

    /// The value of the attribute that begins with `name` (`href=`), quoted or not.
    private static func attribute(_ name: StaticString, in tag: UnsafeBufferPointer<UInt8>) -> String? {
        let length = name.utf8CodeUnitCount
        guard tag.count > length else { return nil }
        for start in 0...(tag.count - length) {
            let rest = UnsafeBufferPointer(rebasing: tag[start...])
            guard startsTag(rest, name) else { continue }
            var valueStart = start + length
            guard valueStart < tag.count else { return nil }
            let quote = tag[valueStart]
            var valueEnd = valueStart
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                valueStart += 1
                valueEnd = valueStart
                while valueEnd < tag.count, tag[valueEnd] != quote { valueEnd += 1 }
            } else {
                while valueEnd < tag.count, !isWhitespace(at: valueEnd, in: tag) { valueEnd += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: tag[valueStart..<valueEnd]), as: UTF8.self)
        }
        return nil
    }

    private static let outOfSight: [[UInt8]] = SpamMarkup.hidingStyles.map { Array($0.utf8) }

    /// The style of ``SpamMarkup/hidingStyles`` that keeps the tag from a reader (its text
    /// lowercased, whitespace removed), the first listed when several do; nil: none.
    private static func hidingStyle(of tag: UnsafeBufferPointer<UInt8>) -> String? {
        guard tag.contains(UInt8(ascii: ":")) else { return nil }
        var compact: [UInt8] = []
        compact.reserveCapacity(tag.count)
        var index = 0
        while index < tag.count {
            let length = tag[index] < 0x80 ? 1 : SpamText.scalar(at: index, in: tag).length
            if !isWhitespace(at: index, in: tag) { compact += tag[index..<(index + length)].map(lower) }
            index += length
        }
        let found = outOfSight.firstIndex { needle in compact.count >= needle.count && (0...(compact.count - needle.count)).contains { compact[$0..<($0 + needle.count)].elementsEqual(needle) } }
        return found.map { SpamMarkup.hidingStyles[$0] }
    }

    // MARK: Entities

    private static let entities: [([UInt8], [UInt8])] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#039;", "'"), ("&#8217;", "’"),
        ("&nbsp;", " "), ("&#8220;", "“"), ("&#8221;", "”"), ("&amp;", "&"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// `text` with the entities decoded in one pass (each begins with `&` and ends with `;`,
    /// so none overlaps another and none is made by decoding one).
    private static func decodeEntities(_ text: [UInt8], into decoded: inout [UInt8]) {
        decoded.removeAll(keepingCapacity: true)
        guard text.contains(UInt8(ascii: "&")) else {
            decoded.append(contentsOf: text)
            return
        }
        decoded.reserveCapacity(text.count)
        text.withUnsafeBufferPointer { text in
            var index = 0
            reading: while index < text.count {
                let run = index
                while index < text.count, text[index] != UInt8(ascii: "&") { index += 1 }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
                guard index < text.count else { break }
                for (entity, character) in entities where text[index...].starts(with: entity) {
                    decoded += character
                    index += entity.count
                    continue reading
                }
                decoded.append(text[index])
                index += 1
            }
        }
    }

    // MARK: Links in the text

    /// `[url=ADDRESS]…` and `[url]ADDRESS[/url]` (`[url` in any case).
    private static func bbcodeLinks(in text: UnsafeBufferPointer<UInt8>) -> [String] {
        guard text.contains(UInt8(ascii: "[")) else { return [] }
        var found: [String] = []
        var index = 0
        while let open = firstIndex(of: UInt8(ascii: "["), in: text, from: index) {
            index = open + 1
            guard startsTag(UnsafeBufferPointer(rebasing: text[index...]), "url") else { continue }
            index += 3
            guard index < text.count else { break }
            let end: UInt8
            switch text[index] {
            case UInt8(ascii: "="): end = UInt8(ascii: "]")
            case UInt8(ascii: "]"): end = UInt8(ascii: "[")
            default: continue
            }
            let start = index + 1
            var stop = start
            while stop < text.count, text[stop] != end { stop += 1 }
            if stop > start { found.append(String(decoding: UnsafeBufferPointer(rebasing: text[start..<stop]), as: UTF8.self)) }
        }
        return found
    }

    /// Bare addresses in the text: `http(s)://…`, `www.…`, `name.tld/path`, and `name.tld`
    /// where the top-level domain is two to six letters.
    static func addresses(in text: UnsafeBufferPointer<UInt8>) -> [String] {
        var found: [String] = []
        var index = 0
        while index < text.count {
            while index < text.count, isWhitespace(at: index, in: text) { index += SpamText.scalar(at: index, in: text).length }
            let start = index
            var hasMark = false
            while index < text.count, !isWhitespace(at: index, in: text) {
                hasMark = hasMark || text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ":")
                index += 1
            }
            // Every address has a dot or a colon: the other words (nearly all) are not read further.
            guard hasMark else { continue }
            var first = start, last = index
            while first < last, isAddressEdge(text[first]) { first += 1 }
            while last > first, isAddressEdge(text[last - 1]) { last -= 1 }
            let token = UnsafeBufferPointer(rebasing: text[first..<last])
            if startsTag(token, "http://") || startsTag(token, "https://") || startsTag(token, "www.") || isBareDomain(token) {
                found.append(String(decoding: token, as: UTF8.self))
            }
        }
        return found
    }

    /// What may stand around an address in the text and is not part of it.
    private static func isAddressEdge(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: ">"): true
        default: false
        }
    }

    /// Whether a token like `pills.example/buy` or `murdev.com` names a domain: ASCII labels
    /// of letters, digits and hyphens, the last two to six letters (up to 24 with a path
    /// after it: "fine.Really" is a missing space, "shop.online/x" an address).
    private static func isBareDomain(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = firstIndex(of: UInt8(ascii: "/"), in: token, from: 0)
        let host = UnsafeBufferPointer(rebasing: token[..<(slash ?? token.count)])
        let longest = slash == nil ? 6 : 24
        var labels = 0, labelStart = 0
        for index in 0...host.count {
            guard index == host.count || host[index] == UInt8(ascii: ".") else { continue }
            let label = UnsafeBufferPointer(rebasing: host[labelStart..<index])
            labels += 1
            if index == host.count {
                guard labels >= 2, (2...longest).contains(label.count), label.allSatisfy({ lower($0) >= 0x61 && lower($0) <= 0x7A }) else { return false }
            } else {
                guard !label.isEmpty, label.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") || (0x61...0x7A).contains(lower($0)) }) else { return false }
            }
            labelStart = index + 1
        }
        return true
    }

    // MARK: Bytes

    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = bytes.count - 1
        while index >= 0, bytes[index] != byte { index -= 1 }
        return index
    }

    /// Whether the scalar that begins at `index` is Unicode whitespace (a continuation byte,
    /// which begins none, is not).
    static func isWhitespace(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
        return byte & 0xC0 != 0x80 && SpamText.isWhitespace(SpamText.scalar(at: index, in: bytes).value)
    }
}
