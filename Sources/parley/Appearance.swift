import TerminalUI
import ParleyConfiguration

/// The keys and colours parley runs with: the defaults with config.toml's `[keys]`,
/// `theme` and `[colors]` applied, and what of them could not be used, in sentences
/// (parley starts anyway, with the defaults for those, and shows them as a notice).
struct Appearance {
    /// The key map.
    let keyMap: KeyMap
    /// The styles.
    let theme: ThemeStyles
    /// What could not be used.
    let problems: [String]

    /// Resolves `settings`; `environment` is read for `NO_COLOR` (set and not empty:
    /// no-color.org), which chooses the mono theme unless the file chooses colours.
    init(_ settings: AppearanceSettings, environment: [String: String]) {
        let keys = KeyMap.standard.remapped(by: settings.keys.map {
            KeySetting(table: $0.table, key: $0.key, action: $0.action, place: $0.place)
        }, suggest: Configuration.suggestion(for:among:))
        let looks = ThemeStyles.resolve(
            theme: settings.theme, colors: settings.colors.map { ColorSetting(role: $0.role, value: $0.value, place: $0.place) },
            noColor: Self.noColor(environment), suggest: Configuration.suggestion(for:among:))
        keyMap = keys.map
        theme = looks.theme
        problems = settings.problems + keys.problems + looks.problems
    }

    /// Whether `NO_COLOR` asks for no colour: present and not empty.
    static func noColor(_ environment: [String: String]) -> Bool {
        environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    }
}
