import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// Themes, `[colors]` and `NO_COLOR`: mono draws no colour at all and still marks the
/// cursor, tags and statuses; unknown names are said and the defaults kept.
@MainActor
@Suite struct ThemeTests {
    @Test func monoHasNoColourAnywhereOnTheScreen() async throws {
        #expect(ThemeStyles.mono.allStyles.allSatisfy { $0.foreground == nil && $0.background == nil })
        let app = try UIHarness(width: 80, height: 24, theme: .mono)
        try await app.start()
        app.press(.character("x"), .character("f"))
        let canvas = app.frame.canvas
        var colours = 0, reversed = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                guard let style = canvas.cell(atX: x, y: y)?.style else { continue }
                if style.resolvedForeground != .default || style.resolvedBackground != .default { colours += 1 }
                if style.reverse { reversed += 1 }
            }
        }
        #expect(colours == 0, "no colour pair is ever asked for")
        #expect(reversed > 0, "the header, cursor and filter highlight are reverse video")
        #expect(app.screen.contains("*"), "a tag is a star")
    }

    @Test func theDefaultThemeStillDrawsColour() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let canvas = app.frame.canvas
        let coloured = (0..<canvas.height).contains { y in
            (0..<canvas.width).contains { canvas.cell(atX: $0, y: y)?.style.foreground != nil }
        }
        #expect(coloured)
    }

    @Test func noColorChoosesMonoUnlessTheFileChoosesColours() {
        #expect(ThemeStyles.resolve(theme: nil, colors: [], noColor: true).theme == .mono)
        #expect(ThemeStyles.resolve(theme: nil, colors: [], noColor: false).theme == .standard)
        #expect(ThemeStyles.resolve(theme: ("light", "c:1"), colors: [], noColor: true).theme == .light)
        let coloured = ThemeStyles.resolve(theme: nil, colors: [ColorSetting(role: "cursor", value: "reverse blue", place: "c:2")], noColor: true)
        #expect(coloured.theme[.cursor] == Style(foreground: .blue, reverse: true))
        #expect(coloured.theme[.header] == ThemeStyles.standard[.header])
    }

    @Test func colourWords() throws {
        #expect(try ColorWords.style("bold yellow on blue").get() == Style(foreground: .yellow, background: .blue, bold: true))
        #expect(try ColorWords.style("bright-blue").get() == Style(foreground: .indexed(12)))
        #expect(try ColorWords.style("color123 underline").get() == Style(foreground: .indexed(123), underline: true))
        #expect(try ColorWords.style("default").get() == Style(foreground: .default))
    }

    @Test func unknownThemeRoleOrColourIsSaidAndTheDefaultKept() {
        let result = ThemeStyles.resolve(theme: ("drak", "config.toml:1"), colors: [
            ColorSetting(role: "cursr", value: "red", place: "config.toml:4"),
            ColorSetting(role: "header", value: "purple", place: "config.toml:5"),
            ColorSetting(role: "error", value: "bold on", place: "config.toml:6"),
        ], noColor: false)
        #expect(result.problems.count == 4)
        #expect(result.problems[0].hasPrefix("config.toml:1: unknown theme \"drak\""))
        #expect(result.problems[1].hasPrefix("config.toml:4: [colors]: unknown role \"cursr\""))
        #expect(result.problems[2].hasPrefix("config.toml:5: [colors] header: unknown colour or attribute \"purple\""))
        #expect(result.problems[3].contains("\"on\" needs a background"))
        #expect(result.theme == .standard)
    }

    @Test func theLightThemeHasNoYellowOrCyan() {
        #expect(ThemeStyles.light.allStyles.allSatisfy { $0.foreground != .yellow && $0.foreground != .cyan })
    }
}
