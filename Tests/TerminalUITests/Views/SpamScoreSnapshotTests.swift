import Testing
import Foundation
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// The spam score on the screen (issue 30), as text files a reader checks by eye: each row's
/// mark after the status mark, and the detail pane's "why" lines for the cursor's comment.
@MainActor
@Suite struct SpamScoreSnapshotTests {
    /// The seed's first site, a comment under the cursor given a hidden link by another
    /// moderator, scored and explained.
    @Test func rowsShowTheirMarksAndThePaneSaysWhy() async throws {
        let app = try UIHarness(width: 132, height: 40, spamModels: SiteSpamModels(on: nil))
        let site = try #require(app.server.sites.first).id
        // The first row: the newest thread shown (approved and pending, a comment not a ping).
        let first = try #require(app.server.comments(site: site)?.filter {
            $0.parent == 0 && $0.type == "comment" && ($0.status == .approved || $0.status == .hold)
        }.max { $0.date < $1.date })
        app.server.changeOutside(site: site, id: first.id, .content(
            #"Lovely post. <a href="https://pills.example/buy" style="display:none">cheap pills</a> See https://pills.example"#))
        try await app.start()
        app.rest()
        let detail = try #require(app.ui.state.detailID)
        #expect(detail == first.id)
        _ = try await app.comments.state { state in
            state.spamExplanation?.id == detail && state.spamScores[site]?.scoringRevision == nil
        }
        try await app.factsSettled()
        Snapshot.assert(app.screen, named: "spam-score-132x40")
        #expect(app.screen.contains("hidden link: pills.example/buy (display:none)"))
    }

    /// The order a user left on likely spam first, restored at start before the site is
    /// scored: once the scores come, the first screen is the top of their order (the
    /// cursor's comment, the newest, used to take the view down to its place in it).
    @Test func aScoreOrderRestoredAtStartShowsItsTopOnceTheScoresCome() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-filters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FilterPersistence(directory: directory)
        let saved = try JSONDecoder().decode(FilterPersistence.Saved.self, from: Data(#"{"enabled":[],"order":"likelySpamFirst"}"#.utf8))
        try storage.save(saved, site: "site-1")
        let app = try UIHarness(width: 132, height: 40, commentsPerSite: 300, spamModels: SiteSpamModels(on: nil), filterStorage: storage)
        let site = try #require(app.server.sites.first).id
        try await app.start()
        _ = try await app.comments.state { state in
            state.spamScores[site]?.scoringRevision == nil && state.spamScores[site]?.revision == state.comments(of: site).revision
        }
        app.rest()
        let scores = try #require(app.comments.state.spamScores[site])
        let shown = app.ui.rows.compactMap { scores.score(of: $0.id) }
        #expect(shown == shown.sorted(by: >), "the rows are in score order")
        #expect(app.ui.state.scrollTop == 0)
        #expect(app.ui.state.cursor == app.ui.rows.first?.id)
    }

    @Test func theMarkIsTheBandThenTheTensOrLearning() {
        #expect(SpamMark.text(score: 87, isLearning: false) == "!8")
        #expect(SpamMark.text(score: 100, isLearning: false) == "!9")
        #expect(SpamMark.text(score: 42, isLearning: false) == "?4")
        #expect(SpamMark.text(score: 12, isLearning: false) == " 1")
        #expect(SpamMark.text(score: 70, isLearning: true) == "!~")
    }
}

/// The pane's why lines on their own: a long reason wraps under itself, whole.
@MainActor
@Suite struct DetailSpamContentTests {
    @Test func aLongReasonWrapsWholeUnderItsIndent() {
        let explanation = SpamExplanation(site: "s", id: 7, scoring: 1, value: 91, isLearning: false,
                                          reasons: ["words common in spam here: “cheap”, “pills”, “casino”, “bonus”"],
                                          hiddenLinks: ["hidden link: pills.example/buy (display:none)"])
        #expect(DetailSpamContent.heading(explanation) == "Spam score 91, likely spam:")
        let lines = DetailSpamContent.reasonLines(explanation, width: 30).map(\.0)
        #expect(lines.first == "  words common in spam here:")
        let reason = lines.prefix { !$0.hasPrefix("  hidden link") }
        #expect(reason.count > 1)
        #expect(reason.dropFirst().allSatisfy { $0.hasPrefix("    ") && $0.count <= 30 })
        #expect(lines.joined(separator: " ").contains("“casino”"), "nothing cut")
        #expect(lines.last?.contains("(display:none)") == true)
    }
}
