import Testing
import Foundation
import CommentsKit
@testable import TerminalUI

/// What a ping's row and detail pane say of it (issue 28): the linking page's title as
/// wp-admin shows it, and the site it comes from.
@Suite struct PingLabelTests {
    func entry(type: String, name: String, url: String) -> CommentEntry {
        CommentEntry(Comment(id: 11, post: 4, authorName: name, authorURL: url, date: Date(timeIntervalSince1970: 0),
                             contentHTML: "<p>[&#8230;] a link [&#8230;]</p>", type: type))
    }

    @Test func aPingbacksTitleIsReadAsWpAdminShowsIt() {
        let ping = entry(type: "pingback", name: "Elsewhere Blog &raquo; A post linking here", url: "http://elsewhere.example/a-post/")
        #expect(PingLabel.title(ping) == "Elsewhere Blog » A post linking here")
        #expect(PingLabel.kind(ping) == "Pingback")
        #expect(PingLabel.row(ping) == "pingback from elsewhere.example")
    }

    @Test func aTrackbackWithoutAnAddressSaysOnlyWhatItIs() {
        let ping = entry(type: "trackback", name: "Trackback Weekly", url: "")
        #expect(PingLabel.kind(ping) == "Trackback")
        #expect(PingLabel.row(ping) == "trackback")
    }

    @Test func hostileTextInAPingIsMadeOneSafeLine() {
        let ping = entry(type: "pingback", name: "Evil\u{1B}[2J\nTitle", url: "http://ev\u{202E}il.example/")
        #expect(!PingLabel.title(ping).contains("\u{1B}") && !PingLabel.title(ping).contains("\n"))
        #expect(!PingLabel.row(ping).contains("\u{202E}"))
    }
}
