import Foundation
import Testing
@testable import TerminalUI

/// `w` and `y`: only plain http(s) links leave parley; the browser is a program run with
/// the URL as its argument; OSC 52 only when the configuration allows it.
@Suite struct LinkActionsTests {
    final class FakeOpener: LinkOpening, @unchecked Sendable {
        var opened: [String] = []
        var result: Result<String, LinkOpeningProblem> = .success("firefox")
        func open(_ url: String) -> Result<String, LinkOpeningProblem> {
            opened.append(url)
            return result
        }
    }

    @Test(arguments: [
        "javascript:alert(1)", "file:///etc/passwd", "https://user:pw@example.com/", "https://exa mple.com/",
        "https://example.com/\u{1B}]52;c;AAAA\u{07}", "https://example.com/\u{202E}", "//example.com/x", "",
    ])
    func onlyPlainHTTPLinksAreAccepted(link: String) {
        #expect(CommentLink.sanitized(link) == nil)
    }

    @Test func aCommentLinkIsAccepted() {
        #expect(CommentLink.sanitized("https://blog.example/post/#comment-10199") == "https://blog.example/post/#comment-10199")
        #expect(CommentLink.sanitized("http://mock.parley/site-1/x/?p=3#comment-4") != nil)
    }

    @Test func wOpensTheLinkAndSaysWith() {
        let opener = FakeOpener()
        let actions = LinkActions(clipboard: .off, opener: opener) { _ in Issue.record("no clipboard write") }
        #expect(actions.open("https://blog.example/p/#comment-3") == "Opened in firefox: https://blog.example/p/#comment-3")
        #expect(opener.opened == ["https://blog.example/p/#comment-3"])
        #expect(actions.open("javascript:alert(1)").contains("not a plain http(s) address"))
        #expect(actions.open(nil) == "This comment has no link.")
        #expect(opener.opened.count == 1, "a refused link reaches no browser")
        opener.result = .failure(LinkOpeningProblem(sentence: "No browser to open the link with: set BROWSER or install xdg-open."))
        #expect(actions.open("https://blog.example/") .hasPrefix("No browser"))
    }

    @Test func yCopiesThroughTheTerminalOnlyWhenAllowed() {
        var written: [String] = []
        let allowed = LinkActions(clipboard: .osc52, opener: FakeOpener()) { written.append($0) }
        #expect(allowed.copy("https://blog.example/p/").hasPrefix("Copied"))
        #expect(written == ["\u{1B}]52;c;" + Data("https://blog.example/p/".utf8).base64EncodedString() + "\u{1B}\\"])
        let off = LinkActions(clipboard: .off, opener: FakeOpener()) { written.append($0) }
        #expect(off.copy("https://blog.example/p/").hasPrefix("Link: https://blog.example/p/"))
        #expect(written.count == 1, "off: nothing written")
    }

    @Test func theOpenerUsesBrowserFromPathAndNeverAShell() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = directory.appendingPathComponent("mybrowser")
        try "#!/bin/sh\nexit 0\n".write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let opener = LinkOpener(environment: ["BROWSER": "nonesuch:mybrowser:firefox %s", "PATH": directory.path])
        #expect(opener.candidates.prefix(2) == ["nonesuch", "mybrowser"], "an entry with arguments needs a shell: skipped")
        #expect(opener.resolve("mybrowser") == program.path)
        #expect(try opener.open("https://example.com/").get() == "mybrowser")
        let none = LinkOpener(environment: ["PATH": directory.path + "/empty"])
        #expect(throws: LinkOpeningProblem.self) { try none.open("https://example.com/").get() }
    }
}
