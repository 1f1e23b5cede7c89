import Foundation

/// Turns text typed in parley into the HTML WordPress would store for it, to show a reply
/// or an edit at once, before the server answers with its own rendering.
enum PlainTextHTML {
    /// Paragraphs (blank-line separated) become `<p>`, single newlines `<br />`, and
    /// `& < > "` are escaped.
    ///
    /// Works on Unicode scalars: to Foundation's substring search and to `Character`, a
    /// newline or an `&` followed by a combining mark is one composed sequence, so
    /// `"a\n\u{301}b"` kept its newline without `<br />` and `"<\u{301}"` went unescaped.
    static func html(fromPlainText text: String) -> String {
        let paragraphs = split(split(text, on: "\r\n").joined(separator: "\n"), on: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        return paragraphs
            .map { "<p>" + split(escape($0), on: "\n").joined(separator: "<br />\n") + "</p>\n" }
            .joined()
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` cut at every occurrence of `separator`, compared scalar by scalar.
    private static func split(_ text: String, on separator: String) -> [String] {
        let needle = Array(separator.unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == needle[0], index + needle.count <= scalars.count,
               Array(scalars[index..<index + needle.count]) == needle {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
                index += needle.count
            } else {
                current.append(scalars[index])
                index += 1
            }
        }
        pieces.append(String(current))
        return pieces
    }
}
