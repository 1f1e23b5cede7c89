/// Turns WordPress's rendered HTML into plain text for a terminal.
///
/// - Block tags (`p`, `br`, `div`, `li`, `blockquote`, headings, lists, …) become line
///   breaks: paragraph-level tags leave a blank line, `div`/`li` one line break, each `br` one
///   more; at most one blank line survives, and the result is trimmed.
/// - Other tags are dropped; runs of HTML whitespace (space, tab, CR, LF, FF) become one space.
/// - Named entities (HTML 4 set plus `&apos;`) and numeric ones (`&#8217;`, `&#x2019;`) are
///   decoded; invalid code points (0, surrogates, beyond U+10FFFF) become U+FFFD, and C1
///   references map through Windows-1252 as HTML5 does. Unknown or unterminated ones stay as
///   written.
/// - Links keep their target visible: `<a href="u">text</a>` → `text <u>`, and just `u` when
///   the text is the URL itself.
///
/// One pass, linear in the input (it runs over 100k+ comments). It does not remove control
/// characters or escape sequences: that is the terminal layer's job, after this.
public enum HTMLText {
    /// The plain text of `html`.
    public static func plainText(fromHTML html: String) -> String {
        var converter = Converter(Array(html.unicodeScalars))
        return converter.run()
    }

    /// Decodes the character references of `text`, changing nothing else.
    static func decodeEntities(_ text: some Sequence<Unicode.Scalar>) -> String {
        let scalars = Array(text)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, next) = Converter.entity(scalars, at: index) {
                output.append(decoded)
                index = next
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return String(output)
    }

    /// Tags that end a paragraph: a blank line around them.
    private static let paragraphTags: Set<String> = [
        "p", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "table", "hr",
        "figure", "section", "article", "header", "footer", "dl",
    ]

    /// Tags that end a line.
    private static let lineTags: Set<String> = ["div", "li", "tr", "dt", "dd", "figcaption"]

    /// The conversion state: output so far and the whitespace and breaks not yet written
    /// (they are written only before the next visible character, which trims both ends).
    private struct Converter {
        let input: [Unicode.Scalar]
        var output: [Unicode.Scalar] = []
        var pendingBreaks = 0
        var pendingSpace = false
        /// Inside `<a href>`: its target, and where its text starts in `output`.
        var anchorHref: String?
        var anchorStart: Int?
        /// Set once a `<` found no closing `>`: later ones will not either, so they are text
        /// (this keeps the pass linear on inputs full of unclosed `<`).
        var noMoreTags = false

        init(_ input: [Unicode.Scalar]) {
            self.input = input
        }

        mutating func run() -> String {
            var index = 0
            while index < input.count {
                let scalar = input[index]
                if scalar == "<", !noMoreTags, let end = tagEnd(from: index) {
                    handleTag(input[(index + 1)..<end])
                    index = end + 1
                } else if scalar == "&", let (decoded, next) = Self.entity(input, at: index) {
                    emit(decoded)
                    index = next
                } else {
                    emit(scalar)
                    index += 1
                }
            }
            return Self.string(output)
        }

        /// The scalars as a String, encoded to UTF-8 in one buffer: appending scalars to a
        /// `String.UnicodeScalarView` one by one was most of the cost of loading comments.
        static func string(_ scalars: [Unicode.Scalar]) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(scalars.count + scalars.count / 4)
            for scalar in scalars {
                if scalar.isASCII {
                    bytes.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    bytes.append(contentsOf: scalar.utf8)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The index of the `>` closing a tag that starts at `start`, quotes respected; nil
        /// when `<` does not start a tag.
        mutating func tagEnd(from start: Int) -> Int? {
            guard start + 1 < input.count else { return nil }
            let first = input[start + 1]
            guard first == "/" || first == "!" || first == "?" || (first.isASCII && first.properties.isAlphabetic) else {
                return nil
            }
            var quote: Unicode.Scalar?
            var index = start + 1
            while index < input.count {
                let scalar = input[index]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    return index
                }
                index += 1
            }
            noMoreTags = true
            return nil
        }

        mutating func handleTag(_ body: ArraySlice<Unicode.Scalar>) {
            let isClosing = body.first == "/"
            // The name as lowercase ASCII bytes: a small string, no allocation (this runs for
            // every tag of every comment loaded).
            var nameBytes: [UInt8] = []
            for scalar in body.drop(while: { $0 == "/" }) {
                guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { break }
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                nameBytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            switch name {
            case "br":
                pendingBreaks += 1
                pendingSpace = false
            case "a":
                isClosing ? closeAnchor() : openAnchor(Self.attribute("href", in: body))
            case _ where HTMLText.paragraphTags.contains(name):
                requestBreaks(2)
            case _ where HTMLText.lineTags.contains(name):
                requestBreaks(1)
            default:
                break
            }
        }

        mutating func requestBreaks(_ count: Int) {
            pendingBreaks = max(pendingBreaks, count)
            pendingSpace = false
        }

        mutating func openAnchor(_ href: String?) {
            guard anchorHref == nil else { return }
            anchorHref = href.flatMap { $0.isEmpty ? nil : $0 }
            anchorStart = nil
        }

        mutating func closeAnchor() {
            guard let href = anchorHref else { return }
            anchorHref = nil
            // Compare in place and keep no slice of `output` alive past this point: a live
            // slice would make every later append copy the whole array (quadratic time).
            let start = anchorStart ?? output.count
            anchorStart = nil
            let hasText = start < output.count
            if output[start...].elementsEqual(href.unicodeScalars) { return }
            if hasText { pendingSpace = true }
            for scalar in (hasText ? "<" + href + ">" : href).unicodeScalars {
                emit(scalar)
            }
        }

        mutating func emit(_ scalar: Unicode.Scalar) {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" {
                pendingSpace = true
                return
            }
            if !output.isEmpty {
                if pendingBreaks > 0 {
                    output.append(contentsOf: repeatElement("\n", count: min(pendingBreaks, 2)))
                } else if pendingSpace {
                    output.append(" ")
                }
            }
            pendingBreaks = 0
            pendingSpace = false
            if anchorHref != nil, anchorStart == nil { anchorStart = output.count }
            output.append(scalar)
        }

        /// The value of attribute `name` in a tag body, entities decoded.
        static func attribute(_ name: String, in body: ArraySlice<Unicode.Scalar>) -> String? {
            let scalars = Array(body)
            var index = 0
            // Skip the tag name.
            while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
            while index < scalars.count {
                while index < scalars.count, scalars[index].properties.isWhitespace || scalars[index] == "/" { index += 1 }
                let nameStart = index
                while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != "=" { index += 1 }
                let attributeName = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
                while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
                guard index < scalars.count, scalars[index] == "=" else {
                    if index == nameStart { index += 1 }
                    continue
                }
                index += 1
                while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
                let value: ArraySlice<Unicode.Scalar>
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    let start = index + 1
                    index = start
                    while index < scalars.count, scalars[index] != quote { index += 1 }
                    value = scalars[start..<min(index, scalars.count)]
                    index += 1
                } else {
                    let start = index
                    while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
                    value = scalars[start..<index]
                }
                if attributeName == name { return HTMLText.decodeEntities(value) }
            }
            return nil
        }

        /// Decodes the reference starting with `&` at `start`: the scalar and the index after
        /// the `;`, or nil when it is not a complete, known reference.
        static func entity(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
            let limit = min(scalars.count, start + 34)
            var end = start + 1
            while end < limit, scalars[end] != ";", scalars[end] != "&", scalars[end] != "<" { end += 1 }
            guard end < limit, scalars[end] == ";", end > start + 1 else { return nil }
            let body = scalars[(start + 1)..<end]
            if body.first == "#" {
                return numeric(body.dropFirst()).map { ($0, end + 1) }
            }
            let name = Converter.string(Array(body))
            guard let value = HTMLEntities.named[name], let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, end + 1)
        }

        private static func numeric(_ digits: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
            var text = Substring(String(String.UnicodeScalarView(digits)))
            var radix = 10
            if text.first == "x" || text.first == "X" {
                radix = 16
                text = text.dropFirst()
            }
            guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isNumber) }) else { return nil }
            // Too many digits is out of range, not an overflow.
            guard text.count <= 8, let value = UInt32(text, radix: radix) else { return "\u{FFFD}" }
            if let mapped = HTMLEntities.windows1252[value] { return Unicode.Scalar(mapped) }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return scalar
        }
    }
}
