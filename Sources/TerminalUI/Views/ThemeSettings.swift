/// One line of config.toml's `[colors]`: a role and how it looks, as written.
package struct ColorSetting: Sendable, Equatable {
    /// The role (`"header"`, `"cursor"`…).
    package var role: String
    /// Words: attributes (`bold`, `dim`, `reverse`, `underline`), a colour, and `on` a
    /// background colour — `"bold yellow on blue"`, `"reverse"`, `"color208"`, `"default"`.
    package var value: String
    /// Where it is written, for errors: `"…/config.toml:12"`.
    package var place: String

    /// A setting read from the file.
    package init(role: String, value: String, place: String) {
        self.role = role
        self.value = value
        self.place = place
    }
}

extension ThemeStyles {
    /// The theme to draw with. `theme` names a built-in one (else the default; mono when
    /// `noColor`, the user's `NO_COLOR`, is set and the file names no theme and no colours:
    /// no-color.org lets a user's own configuration win over the variable). `[colors]`
    /// then overrides roles. Problems (an unknown theme, role or colour) are sentences;
    /// what they name is left as it was.
    package static func resolve(theme: (name: String, place: String)?, colors: [ColorSetting], noColor: Bool,
                                suggest: (String, [String]) -> String = { _, _ in "." }) -> (theme: ThemeStyles, problems: [String]) {
        var problems: [String] = []
        var result = noColor && theme == nil && colors.isEmpty ? mono : standard
        if let theme {
            if let named = named(theme.name) {
                result = named
            } else {
                problems.append("\(theme.place): unknown theme \"\(theme.name)\"" + suggest(theme.name, names))
            }
        }
        for setting in colors {
            guard let role = ThemeRole(rawValue: setting.role.lowercased()) else {
                problems.append("\(setting.place): [colors]: unknown role \"\(setting.role)\"" + suggest(setting.role, ThemeRole.allCases.map(\.rawValue)))
                continue
            }
            switch ColorWords.style(setting.value) {
            case .success(let style): result[role] = style
            case .failure(let error): problems.append("\(setting.place): [colors] \(setting.role): \(error.description)")
            }
        }
        return (result, problems)
    }
}

/// Reads a style from words: `"bold yellow on blue"`.
package enum ColorWords {
    /// Why words are not a style.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        /// The sentence.
        package let description: String
    }

    /// The colour names: the eight ANSI colours, their `bright-` forms, `default`, and
    /// `color0`…`color255`.
    package static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// The style the words say; attributes not named are off, colours not named are the
    /// terminal's own.
    package static func style(_ words: String) -> Result<Style, Problem> {
        var style = Style()
        var background = false
        let parts = words.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard !parts.isEmpty else { return .failure(Problem(description: "no colour or attribute given (write \"default\" for the terminal's own)")) }
        for word in parts {
            switch word {
            case "bold": style.bold = true
            case "dim": style.dim = true
            case "reverse": style.reverse = true
            case "underline": style.underline = true
            case "plain", "none": break
            case "on": background = true
            default:
                guard let color = color(word) else {
                    return .failure(Problem(description: "unknown colour or attribute \"\(word)\" (colours: \(names.joined(separator: ", ")), bright-red…, color0…color255, default; attributes: bold, dim, reverse, underline; \"on\" before a background)"))
                }
                if background { style.background = color } else { style.foreground = color }
                background = false
            }
        }
        if background { return .failure(Problem(description: "\"on\" needs a background colour after it")) }
        return .success(style)
    }

    /// The colour a word names, nil for none.
    package static func color(_ word: String) -> TerminalColor? {
        let ansi: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        if word == "default" { return .default }
        if let index = names.firstIndex(of: word) { return ansi[index] }
        if word.hasPrefix("bright-"), let index = names.firstIndex(of: String(word.dropFirst(7))) { return .indexed(UInt8(8 + index)) }
        if word.hasPrefix("color"), let number = UInt8(word.dropFirst(5)) { return .indexed(number) }
        return nil
    }
}
