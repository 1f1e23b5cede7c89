import Testing
@testable import MockREST

/// ``Texturizer`` writes UTF-8 bytes now, not a scalar view: every text the mock can hold
/// must texturize and render as it did.
@Suite struct TexturizerBytesTests {
    @Test func everySeedTextTexturizesAsThroughTheScalarView() {
        let texts = TextCorpus.hostileTexts + (0..<2_000).map { TextCorpus.text(seed: UInt64($0)) } + [
            "<éa> & &amp; &#12; &#x1F; &bogus 'x' \"y\" (\"z\") a--b a - b ... <\u{301}x> \u{A0}'q' 字<字>",
        ]
        for text in texts {
            #expect(Texturizer.texturize(text) == ScalarViewTexturizer.texturize(text), "\(text.debugDescription)")
        }
    }
}

/// The scalar-view texturizer as it was, as the reference.
private enum ScalarViewTexturizer {
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
