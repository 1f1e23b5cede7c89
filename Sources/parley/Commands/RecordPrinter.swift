import Foundation

/// Prints records (rows of named values) in each `--format`. The names and their order are
/// the caller's; values are text, or numbers where JSON should have numbers.
struct RecordPrinter {
    /// One named value.
    struct Value {
        let text: String
        let json: Any
    }

    let names: [String]
    let rows: [[Value]]

    /// `table`: a header and aligned columns fitted into `width` (the widest columns are cut
    /// with `…`), or, when stdout is not a terminal (`width` nil), tab-separated lines.
    func table(width: Int?) -> String {
        let cells = rows.map { $0.map { TextCleaning.oneLine($0.text) } }
        guard let width else {
            return ([names] + cells).map { $0.map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t") + "\n" }.joined()
        }
        var widths = names.indices.map { column in
            ([names[column]] + cells.map { $0[column] }).map(TextCleaning.width).max() ?? 0
        }
        let available = max(names.count * 4, width - 2 * (names.count - 1))
        while widths.reduce(0, +) > available, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 4 {
            widths[widest] -= 1
        }
        func line(_ row: [String]) -> String {
            row.indices.map { column in
                let cell = TextCleaning.truncate(row[column], to: widths[column])
                return column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - TextCleaning.width(cell))
            }.joined(separator: "  ") + "\n"
        }
        return ([names] + cells).map(line).joined()
    }

    /// `csv`: RFC 4180, every value that needs it quoted.
    func csv() -> String {
        func field(_ text: String) -> String {
            let clean = TextCleaning.oneLine(text)
            return clean.contains(where: { $0 == "," || $0 == "\"" })
                ? "\"" + clean.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : clean
        }
        return ([names.map(field)] + rows.map { $0.map { field($0.text) } }).map { $0.joined(separator: ",") + "\n" }.joined()
    }

    /// `json`: an array of objects, keys sorted — or one object when `single`.
    func json(single: Bool = false) -> String {
        let objects = rows.map { row in
            Dictionary(uniqueKeysWithValues: zip(names, row.map(\.json)))
        }
        let value: Any = single ? (objects.first ?? [:]) : objects
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: options) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `yaml`: a list of mappings (one mapping when `single`), strings always double-quoted.
    func yaml(single: Bool = false) -> String {
        func scalar(_ value: Value) -> String {
            if value.json is Int { return value.text }
            return YAMLText.quoted(value.text)
        }
        if single, let row = rows.first {
            return zip(names, row).map { "\($0): \(scalar($1))\n" }.joined()
        }
        guard !rows.isEmpty else { return "[]\n" }
        return rows.map { row in
            zip(names, row).enumerated().map { index, pair in
                (index == 0 ? "- " : "  ") + "\(pair.0): \(scalar(pair.1))\n"
            }.joined()
        }.joined()
    }
}

/// YAML double-quoted scalars: `"` and `\` escaped, control characters as `\uXXXX`.
enum YAMLText {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
