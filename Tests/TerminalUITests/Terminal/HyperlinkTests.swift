import Testing
@testable import TerminalUI

/// OSC 8 links over the canvas: the bytes, when they are sent, and that they never change
/// what the cells hold.
@Suite(.serialized)
@MainActor
struct HyperlinkTests {
    @Test func theBytesWrapTheCellsOwnText() {
        var canvas = Canvas(width: 20, height: 3)
        canvas.put("see https://a.b/", x: 1, y: 1, style: Style(dim: true))
        let link = Hyperlink(x: 5, y: 1, width: 12, url: "https://a.b/")
        let bytes = HyperlinkSupport.sequence(for: [link], on: canvas)
        #expect(bytes == "\u{1B}7\u{1B}[2;6H\u{1B}]8;;https://a.b/\u{1B}\\\u{1B}[0;2mhttps://a.b/\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}8")
    }

    @Test func aWideGraphemeIsWrittenOnceAndClippedLinksStayInside() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("a東b", x: 0, y: 0)
        let bytes = HyperlinkSupport.sequence(for: [Hyperlink(x: 0, y: 0, width: 40, url: "https://x.y/")], on: canvas)
        #expect(bytes.contains("\u{1B}[0ma東b  \u{1B}]8;;"))
        #expect(HyperlinkSupport.sequence(for: [Hyperlink(x: 0, y: 5, width: 4, url: "https://x.y/")], on: canvas).isEmpty)
        #expect(HyperlinkSupport.sequence(for: [Hyperlink(x: 0, y: 0, width: 4, url: "https://x.y/\u{1B}]0;pwned\u{07}")], on: canvas).isEmpty,
                "a URL with controls never goes out")
    }

    @Test func theChoiceFollowsTheConfigurationThenTheTerminal() {
        #expect(HyperlinkSupport.decide(configured: true, environment: [:]))
        #expect(!HyperlinkSupport.decide(configured: false, environment: ["VTE_VERSION": "7000"]))
        #expect(HyperlinkSupport.decide(configured: nil, environment: ["VTE_VERSION": "7000"]))
        #expect(!HyperlinkSupport.decide(configured: nil, environment: ["VTE_VERSION": "4600"]))
        #expect(HyperlinkSupport.decide(configured: nil, environment: ["TERM_PROGRAM": "WezTerm"]))
        #expect(!HyperlinkSupport.decide(configured: nil, environment: ["TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/t,1,0"]), "tmux: only when configured")
        #expect(!HyperlinkSupport.decide(configured: nil, environment: ["TERM": "xterm-256color"]))
    }

    @Test func theScreenSendsLinksOnlyWhenOnAndOnlyWhenTheyChange() throws {
        let screen = try NcursesScreen.headless(width: 20, height: 3)
        defer { screen.close() }
        var canvas = Canvas(width: 20, height: 3)
        canvas.put("https://a.b/", x: 0, y: 0)
        canvas.hyperlinks = [Hyperlink(x: 0, y: 0, width: 12, url: "https://a.b/")]
        screen.present(canvas)
        #expect(screen.lastHyperlinkBytes.isEmpty, "off by default")
        screen.hyperlinks = true
        screen.present(canvas)
        #expect(screen.lastHyperlinkBytes.contains("\u{1B}]8;;https://a.b/\u{1B}\\"))
        screen.present(canvas)
        #expect(screen.lastHyperlinkBytes.isEmpty, "unchanged: not sent again")
        #expect(screen.screenText().hasPrefix("https://a.b/"), "the cells are ncurses' as ever")
    }

    @Test func theDetailPaneLinksTheCommentAndTheAuthor() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let index = try #require(app.ui.rows.firstIndex { row in
            app.comments.state.comments(of: app.ui.state.site ?? "")[row.id].map { !$0.authorURL.isEmpty && !$0.link.isEmpty } ?? false
        })
        for _ in 0..<index { app.press(.character("j")) }
        app.rest()
        let entry = try #require(app.selected)
        let links = app.frame.canvas.hyperlinks
        #expect(links.map(\.url).contains(entry.link))
        #expect(links.map(\.url).contains(entry.authorURL))
        let author = try #require(links.first { $0.url == entry.authorURL })
        let cells = (author.x..<author.x + 3).compactMap { app.frame.canvas.cell(atX: $0, y: author.y)?.grapheme }.joined()
        #expect(entry.authorURL.hasPrefix(cells), "the link starts after \"by \"")
    }
}
