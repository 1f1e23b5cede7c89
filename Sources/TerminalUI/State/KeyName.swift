/// Key names as config.toml's `[keys]` writes them: `"x"`, `"X"`, `"?"`, `"ctrl-d"`,
/// `"alt-a"`, `"f5"`, `"enter"`, `"esc"`, `"space"`, `"tab"`, `"pgdn"`, `"up"`…
/// A single character is itself (case matters: `"x"` is not `"X"`); every longer name
/// ignores case (`"Ctrl-D"` is `"ctrl-d"`).
package enum KeyName {
    /// The key `name` stands for, or why there is none, in words.
    package static func parse(_ name: String) -> Result<Key, KeyNameError> {
        if name.count == 1, let character = name.first {
            guard !character.isWhitespace, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                return .failure(KeyNameError("\"\(name)\" is not a key name (write \"space\", \"tab\", \"enter\")"))
            }
            return .success(.character(character))
        }
        let lower = name.lowercased()
        if let key = named[lower] { return .success(key) }
        if lower.hasPrefix("alt-") || lower.hasPrefix("meta-") {
            let rest = String(name.drop { $0 != "-" }.dropFirst())
            return parse(rest).flatMap { key in
                if case .alt = key { return .failure(KeyNameError("\"\(name)\": one alt- is enough")) }
                return .success(.alt(key))
            }
        }
        if lower.hasPrefix("ctrl-") || lower.hasPrefix("c-") {
            let rest = lower.drop { $0 != "-" }.dropFirst()
            guard rest.count == 1, let letter = rest.first, ("a"..."z").contains(letter) else {
                return .failure(KeyNameError("\"\(name)\": ctrl- goes with a letter a to z"))
            }
            // The terminal sends these as other keys; binding them would never fire.
            switch letter {
            case "i": return .failure(KeyNameError("\"\(name)\" arrives as \"tab\": bind \"tab\""))
            case "j", "m": return .failure(KeyNameError("\"\(name)\" arrives as \"enter\": bind \"enter\""))
            case "h": return .failure(KeyNameError("\"\(name)\" arrives as \"backspace\": bind \"backspace\""))
            default: return .success(.control(letter))
            }
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...63).contains(number) {
            return .success(.function(number))
        }
        return .failure(KeyNameError("unknown key name \"\(name)\" (a character, ctrl-x, alt-x, f1…f63, \(named.keys.sorted().joined(separator: ", ")))"))
    }

    private static let named: [String: Key] = [
        "space": .character(" "), "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "shift-tab": .backTab, "backtab": .backTab, "backspace": .backspace,
        "del": .delete, "delete": .delete, "ins": .insert, "insert": .insert,
        "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "up": .up, "down": .down, "left": .left, "right": .right,
    ]
}

/// Why a `[keys]` key name names no key.
package struct KeyNameError: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    package let description: String
    init(_ description: String) { self.description = description }
}
