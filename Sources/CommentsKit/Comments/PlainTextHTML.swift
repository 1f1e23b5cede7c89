import Foundation

/// Turns text typed in parley into the HTML WordPress would store for it, to show a reply
/// or an edit at once, before the server answers with its own rendering.
enum PlainTextHTML {
    /// Paragraphs (blank-line separated) become `<p>`, single newlines `<br />`, and
    /// `& < > "` are escaped.
    static func html(fromPlainText text: String) -> String {
        let paragraphs = text
            .replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        return paragraphs
            .map { "<p>" + escape($0).replacingOccurrences(of: "\n", with: "<br />\n") + "</p>\n" }
            .joined()
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
