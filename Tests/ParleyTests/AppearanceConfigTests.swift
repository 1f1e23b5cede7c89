import Testing
@testable import parley
@testable import ParleyConfiguration
import TerminalUI

/// `[keys]`, `theme` and `[colors]` in config.toml: read with their lines; anything parley
/// cannot use is a sentence naming the line, and parley still starts with its defaults.
@Suite struct AppearanceConfigTests {
    static let file = """
        theme = "light"

        [keys]
        "ctrl-t" = "trash"
        x = "trsh"

        [keys.compose]
        "ctrl-g" = "send"

        [colors]
        cursor = "bold reverse blue"
        hedaer = "red"
        """

    @Test func theTablesAreReadWithTheirLines() throws {
        let settings = try Configuration.parse(Self.file, path: "c.toml").appearance
        #expect(settings.theme?.name == "light")
        #expect(settings.theme?.place == "c.toml:1")
        #expect(settings.keys == [
            .init(table: nil, key: "ctrl-t", action: "trash", place: "c.toml:4"),
            .init(table: nil, key: "x", action: "trsh", place: "c.toml:5"),
            .init(table: "compose", key: "ctrl-g", action: "send", place: "c.toml:8"),
        ])
        #expect(settings.colors.map(\.place) == ["c.toml:11", "c.toml:12"])
        #expect(settings.choosesColors)
    }

    @Test func whatCannotBeUsedIsSaidAndTheRestApplies() throws {
        let looks = Appearance(try Configuration.parse(Self.file, path: "c.toml").appearance, environment: [:])
        #expect(looks.problems.count == 2)
        #expect(looks.problems[0].hasPrefix("c.toml:5: [keys] \"x\": unknown action \"trsh\"; did you mean trash?"), "\(looks.problems)")
        #expect(looks.problems[1].hasPrefix("c.toml:12: [colors]: unknown role \"hedaer\"; did you mean header?"), "\(looks.problems)")
        #expect(looks.keyMap.action(for: .control("t"), in: .list) as? UIAction == .trash)
        #expect(looks.theme[.cursor] == Style(foreground: .blue, bold: true, reverse: true))
    }

    @Test func aValueOfTheWrongTypeIsAProblemNotAFailure() throws {
        let settings = try Configuration.parse("theme = 3\n[keys]\nx = 4\n[colors]\ncursor = true\n", path: "c.toml").appearance
        #expect(settings.problems.count == 3)
        #expect(settings.problems[0].hasPrefix("c.toml:1: theme must be"))
        #expect(settings.problems[1].hasPrefix("c.toml:3: [keys] \"x\" must be an action name"))
        #expect(settings.problems[2].hasPrefix("c.toml:5: colors.cursor must be"))
    }

    @Test func noColorMeansMonoUnlessTheFileChooses() throws {
        let plain = Appearance(AppearanceSettings(), environment: ["NO_COLOR": "1"])
        #expect(plain.theme == .mono)
        #expect(Appearance(AppearanceSettings(), environment: ["NO_COLOR": ""]).theme == .standard, "empty is unset")
        let chosen = Appearance(try Configuration.parse("theme = \"default\"\n", path: "c.toml").appearance, environment: ["NO_COLOR": "1"])
        #expect(chosen.theme == .standard)
    }
}
