import TOMLKit

/// config.toml's keys and colours, as written: `[keys]` / `[keys.CONTEXT]` (key name =
/// action name), `theme = "light"` and `[colors]` (role = colour words). Read here with
/// where each line is; what the names mean is checked by the interface (TerminalUI knows
/// the keys, actions and roles), which reports what it cannot use and keeps its defaults
/// for it. A value of the wrong type is a problem here, in words; never a reason not to start.
package struct AppearanceSettings: Equatable, Sendable {
    /// One `[keys]` line.
    package struct KeyEntry: Equatable, Sendable {
        /// `nil` for `[keys]`, `"compose"` for `[keys.compose]`.
        package var table: String?
        /// The key name (`"ctrl-d"`).
        package var key: String
        /// The action name (`"trash"`).
        package var action: String
        /// Where it is written: `path:line` (or the path alone when the line is not found).
        package var place: String
    }

    /// One `[colors]` line.
    package struct ColorEntry: Equatable, Sendable {
        /// The role (`"cursor"`).
        package var role: String
        /// The colour words (`"bold yellow on blue"`).
        package var value: String
        /// Where it is written.
        package var place: String
    }

    /// The `[keys]` lines, `[keys]` first, then each `[keys.CONTEXT]` in name order.
    package var keys: [KeyEntry] = []
    /// `theme`, and where it is written.
    package var theme: (name: String, place: String)?
    /// The `[colors]` lines, in name order.
    package var colors: [ColorEntry] = []
    /// What could not be read, in sentences.
    package var problems: [String] = []

    /// Nothing set.
    package init() {}

    /// Whether the file chooses how parley looks (a theme or colours): it then wins over
    /// `NO_COLOR`.
    package var choosesColors: Bool { theme != nil || !colors.isEmpty }

    package static func == (a: AppearanceSettings, b: AppearanceSettings) -> Bool {
        a.keys == b.keys && a.theme?.name == b.theme?.name && a.theme?.place == b.theme?.place
            && a.colors == b.colors && a.problems == b.problems
    }

    /// Reads them from the file's top table.
    static func parse(_ table: TOMLTable, text: String, path: String) -> AppearanceSettings {
        var settings = AppearanceSettings()
        func place(_ table: String?, _ key: String) -> String {
            Configuration.lineNumber(in: text, table: table, key: key).map { "\(path):\($0)" } ?? path
        }
        if let value = table["theme"] {
            if let name = value.string {
                settings.theme = (name, place(nil, "theme"))
            } else {
                settings.problems.append("\(place(nil, "theme")): theme must be a name in quotes (default, light or mono).")
            }
        }
        if let keys = table["keys"] {
            if let keys = keys.table {
                settings.readKeys(keys, table: nil, place: place)
            } else {
                settings.problems.append("\(place(nil, "keys")): keys must be a table: [keys], then lines such as \"ctrl-d\" = \"trash\".")
            }
        }
        if let colors = table["colors"] {
            if let colors = colors.table {
                for role in colors.keys.sorted() {
                    guard let value = colors[role]?.string else {
                        settings.problems.append("\(place("colors", role)): colors.\(role) must be colour words in quotes, such as \"bold blue\".")
                        continue
                    }
                    settings.colors.append(ColorEntry(role: role, value: value, place: place("colors", role)))
                }
            } else {
                settings.problems.append("\(place(nil, "colors")): colors must be a table: [colors], then lines such as cursor = \"reverse\".")
            }
        }
        return settings
    }

    private mutating func readKeys(_ keys: TOMLTable, table: String?, place: (String?, String) -> String) {
        let header = table.map { "keys.\($0)" } ?? "keys"
        var contexts: [(String, TOMLTable)] = []
        for key in keys.keys.sorted() {
            if table == nil, let inner = keys[key]?.table {
                contexts.append((key, inner))
            } else if let action = keys[key]?.string {
                self.keys.append(KeyEntry(table: table, key: key, action: action, place: place(header, key)))
            } else {
                problems.append("\(place(header, key)): [\(header)] \"\(key)\" must be an action name in quotes, such as \"trash\".")
            }
        }
        for (name, inner) in contexts {
            readKeys(inner, table: name, place: place)
        }
    }
}
