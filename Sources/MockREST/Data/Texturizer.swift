/// Turns raw comment text into `content.rendered` the way WordPress's filters roughly do:
/// `wptexturize` (typographic entities), `convert_chars`/kses (bare `&`, `<`, `>` escaped)
/// and `wpautop` (`<p>…</p>\n` paragraphs, `<br />` line breaks). One pass over the text.
///
/// It keeps `\r` and other control characters as they are (WordPress would fold `\r\n`),
/// so the hostile seed texts reach the client intact.
enum Texturizer {
    static func render(_ raw: String) -> String {
        let text = texturizedBytes(raw)
        var html: [UInt8] = []
        html.reserveCapacity(text.count + text.count / 8 + 16)
        // Cut at every `\n\n`, byte by byte as Foundation cut by characters (TexturizerScalarTests):
        // a `\n` is a character of its own unless a `\r` comes before it (`\r\n` is one
        // character), and two such characters in a row end a paragraph.
        var start = 0, index = 0
        while index < text.count {
            if text[index] == newline, index + 1 < text.count, text[index + 1] == newline,
               index == 0 || text[index - 1] != carriageReturn {
                appendParagraph(text[start..<index], to: &html)
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        appendParagraph(text[start..<text.count], to: &html)
        return String(decoding: html, as: UTF8.self)
    }

    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let blockquoteOpen = Array("<blockquote>".utf8), blockquoteClose = Array("</blockquote>".utf8)

    /// `wrap(_:)`, bytewise: a paragraph in `<p>`, its line breaks marked. One that looks
    /// like a quotation goes the character way (whether it is one depends on characters:
    /// a combining mark after `<blockquote>` makes it none).
    private static func appendParagraph(_ paragraph: ArraySlice<UInt8>, to html: inout [UInt8]) {
        guard !paragraph.isEmpty else { return }
        if paragraph.starts(with: blockquoteOpen), paragraph.reversed().starts(with: blockquoteClose.reversed()) {
            html += Array(wrap(String(decoding: paragraph, as: UTF8.self)).utf8)
            return
        }
        html += [UInt8]("<p>".utf8)
        for byte in paragraph {
            if byte == newline { html += [UInt8]("<br />".utf8) }
            html.append(byte)
        }
        html += [UInt8]("</p>\n".utf8)
    }

    /// Every `\n` of `text` preceded by `<br />`, scalar by scalar.
    static func breakingLines(_ text: some StringProtocol) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" { output.append(contentsOf: "<br />".unicodeScalars) }
            output.append(scalar)
        }
        return String(output)
    }

    private static func wrap(_ paragraph: String) -> String {
        let open = "<blockquote>"
        let close = "</blockquote>"
        if paragraph.hasPrefix(open), paragraph.hasSuffix(close), paragraph.count > open.count + close.count {
            let inner = paragraph.dropFirst(open.count).dropLast(close.count)
            return open + "<p>" + inner + "</p>" + close + "\n"
        }
        return "<p>" + breakingLines(paragraph) + "</p>\n"
    }

    static func texturize(_ raw: String) -> String {
        String(decoding: texturizedBytes(raw), as: UTF8.self)
    }

    /// ``texturize(_:)`` as UTF-8 bytes: appending to a byte array, not a scalar view,
    /// made it several times faster (the mock texturizes every comment of every page).
    private static func texturizedBytes(_ raw: String) -> [UInt8] {
        let scalars = Array(raw.unicodeScalars)
        var output: [UInt8] = []
        output.reserveCapacity(raw.utf8.count + 16)
        var index = 0
        var insideTag = false
        while index < scalars.count {
            let scalar = scalars[index]
            let previous: Unicode.Scalar? = index > 0 ? scalars[index - 1] : nil
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            var replacement: String?
            var consumed = 1
            if insideTag {
                if scalar == ">" { insideTag = false }
                if scalar == "&", !startsEntity(scalars, at: index) { replacement = "&amp;" }
            } else {
                switch scalar {
                case "<" where next.map { $0 == "/" || $0.properties.isAlphabetic } ?? false:
                    insideTag = true
                case "<": replacement = "&lt;"
                case ">": replacement = "&gt;"
                case "&" where !startsEntity(scalars, at: index): replacement = "&#038;"
                case "'": replacement = opens(after: previous) ? "&#8216;" : "&#8217;"
                case "\"": replacement = opens(after: previous) ? "&#8220;" : "&#8221;"
                case "." where next == "." && index + 2 < scalars.count && scalars[index + 2] == ".":
                    replacement = "&#8230;"
                    consumed = 3
                case "-" where next == "-":
                    replacement = "&#8212;"
                    consumed = 2
                case "-" where previous == " " && next == " ":
                    replacement = "&#8211;"
                default: break
                }
            }
            if let replacement {
                output.append(contentsOf: replacement.utf8)
            } else if scalar.isASCII {
                output.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if let encoded = UTF8.encode(scalar) {
                output.append(contentsOf: encoded)
            }
            index += consumed
        }
        return output
    }

    private static func opens(after previous: Unicode.Scalar?) -> Bool {
        guard let previous else { return true }
        return previous.properties.isWhitespace || "([{\"'".unicodeScalars.contains(previous)
    }

    /// `&name;`, `&#123;` or `&#x1F;` starts at `index`.
    private static func startsEntity(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var cursor = index + 1
        var isNumeric = false
        var isHex = false
        if cursor < scalars.count, scalars[cursor] == "#" {
            isNumeric = true
            cursor += 1
            if cursor < scalars.count, scalars[cursor] == "x" || scalars[cursor] == "X" {
                isHex = true
                cursor += 1
            }
        }
        let bodyStart = cursor
        while cursor < scalars.count, cursor - bodyStart < 32 {
            let scalar = scalars[cursor]
            let fits = isHex ? scalar.properties.isASCIIHexDigit
                : isNumeric ? ("0"..."9").contains(scalar)
                : scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            if !fits { break }
            cursor += 1
        }
        return cursor > bodyStart && cursor < scalars.count && scalars[cursor] == ";"
    }
}
