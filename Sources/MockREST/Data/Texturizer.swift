/// Turns raw comment text into `content.rendered` the way WordPress's filters roughly do:
/// `wptexturize` (typographic entities), `convert_chars`/kses (bare `&`, `<`, `>` escaped)
/// and `wpautop` (`<p>…</p>\n` paragraphs, `<br />` line breaks). One pass over the text.
///
/// It keeps `\r` and other control characters as they are (WordPress would fold `\r\n`),
/// so the hostile seed texts reach the client intact.
enum Texturizer {
    static func render(_ raw: String) -> String {
        var html = ""
        for paragraph in paragraphs(of: texturize(raw)) where !paragraph.isEmpty {
            html += wrap(paragraph)
        }
        return html
    }

    /// The text cut at every `\n\n`, character by character (what `components(separatedBy:)`
    /// did through Foundation, several times slower: the mock renders every comment it lists).
    /// By characters, as Foundation matched: the `\n` of a `\r\n` starts no break.
    static func paragraphs(of text: String) -> [String] {
        var paragraphs: [String] = []
        var current = ""
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if character == "\n", pending == "\n" {
                paragraphs.append(current)
                current = ""
                pending = characters.next()
            } else {
                current.append(character)
            }
        }
        paragraphs.append(current)
        return paragraphs
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
        let scalars = Array(raw.unicodeScalars)
        var output = String.UnicodeScalarView()
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
                output.append(contentsOf: replacement.unicodeScalars)
            } else {
                output.append(scalar)
            }
            index += consumed
        }
        return String(output)
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
