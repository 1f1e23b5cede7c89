import Foundation

/// The request's parameters as PHP and WordPress see them: query string, form or JSON body,
/// merged with the body winning (`WP_REST_Request` order: JSON, POST, GET).
///
/// Query strings decode like PHP: `+` is a space, `name[]=` makes a list, and a repeated
/// plain name keeps its last value.
struct RequestParameters: Sendable {
    enum Value: Sendable, Equatable {
        case text(String)
        case list([String])
    }

    private(set) var values: [String: Value] = [:]
    /// The names in the order they first appeared (PHP arrays keep insertion order, and
    /// WordPress rebuilds pagination links from them in that order).
    private(set) var names: [String] = []

    init() {}

    /// Parses `application/x-www-form-urlencoded` text (a query string or a form body).
    init(formEncoded encoded: String) {
        for pair in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            let base = name.hasSuffix("[]") ? String(name.dropLast(2)) : name
            if values[base] == nil { names.append(base) }
            if name.hasSuffix("[]") {
                let base = String(name.dropLast(2))
                if case .list(let existing) = values[base] {
                    values[base] = .list(existing + [value])
                } else {
                    values[base] = .list([value])
                }
            } else {
                values[name] = .text(value)
            }
        }
    }

    /// Takes the top level of a JSON object body. Numbers and booleans become their PHP
    /// string forms; an object with `raw` (as `content` may be sent) becomes that text.
    init(jsonObject: [String: Any]) {
        for (name, value) in jsonObject {
            names.append(name)
            if let array = value as? [Any] {
                values[name] = .list(array.map(Self.scalarText))
            } else if let object = value as? [String: Any], let raw = object["raw"] {
                values[name] = .text(Self.scalarText(raw))
            } else {
                values[name] = .text(Self.scalarText(value))
            }
        }
    }

    private static func scalarText(_ value: Any) -> String {
        switch value {
        case let text as String: return text
        case let number as NSNumber:
            // JSON true/false arrive as NSNumbers of C type `char`; PHP would see booleans.
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return number.stringValue
        default: return ""
        }
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Adds `other`'s values over this one's.
    mutating func merge(overriding other: RequestParameters) {
        names += other.names.filter { values[$0] == nil }
        values.merge(other.values) { _, new in new }
    }

    subscript(name: String) -> Value? {
        values[name]
    }

    /// The text of a scalar parameter; nil when absent or sent as a list.
    func text(_ name: String) -> String? {
        if case .text(let text) = values[name] { return text }
        return nil
    }

    func has(_ name: String) -> Bool {
        values[name] != nil
    }
}
