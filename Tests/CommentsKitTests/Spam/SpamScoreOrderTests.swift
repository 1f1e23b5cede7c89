import Testing
import Foundation
import SpamScore
@testable import CommentsKit

/// The spam score's orders (issue 30) and the words and links the detail pane shows.
@Suite struct SpamScoreOrderTests {
    static func site(_ count: Int) -> SiteComments {
        var site = SiteComments()
        let comments = (1...count).map { id in
            CommentsKit.Comment(id: id, post: 1, authorName: "R\(id)", date: Date(timeIntervalSince1970: TimeInterval(1_795_000_000 + id * 60)),
                                contentHTML: "<p>c\(id)</p>", status: .approved, type: "comment")
        }
        site.merge(comments)
        return site
    }

    static func rows(_ site: SiteComments) -> [VisibleRow] {
        site.rows.map { VisibleRow(id: $0.id, depth: 0, isOutOfContext: false, hasReplies: false) }
    }

    @Test func likelySpamFirstPutsTheHighestScoresFirstAndTheUnscoredLast() {
        let site = Self.site(5)
        let scores = SiteSpamScores(values: [1: 90, 2: 10, 3: 55, 4: 90], isLearning: false, approvedExamples: 20, spamExamples: 20,
                                    revision: site.revision)
        var rows = Self.rows(site)
        CommentOrder.likelySpamFirst.arrange(&rows, in: site, scores: scores)
        #expect(rows.map(\.id) == [4, 1, 3, 2, 5], "ties newest first, #5 not scored")
        rows = Self.rows(site)
        CommentOrder.likelyRealFirst.arrange(&rows, in: site, scores: scores)
        #expect(rows.map(\.id) == [2, 3, 4, 1, 5])
    }

    @Test func theScoreOrdersJoinTheCycleOnAScoredSiteAndMostLikelyRealOnlyInSpam() {
        #expect(CommentOrder.oldestFirst.next(isScored: false, showsSpam: true) == .threaded)
        #expect(CommentOrder.oldestFirst.next(isScored: true, showsSpam: false) == .likelySpamFirst)
        #expect(CommentOrder.likelySpamFirst.next(isScored: true, showsSpam: false) == .threaded)
        #expect(CommentOrder.likelySpamFirst.next(isScored: true, showsSpam: true) == .likelyRealFirst)
        #expect(CommentOrder.likelyRealFirst.next(isScored: true, showsSpam: true) == .threaded)
        #expect(CommentOrder.likelySpamFirst.label == "likely spam first")
        #expect(CommentOrder.likelyRealFirst.label == "most likely real first")
    }

    @Test func theBandsAreTheVerdictsOfTheScore() {
        #expect(SpamBand(score: 0) == .likelyFine)
        #expect(SpamBand(score: 34) == .likelyFine)
        #expect(SpamBand(score: 35) == .unsure)
        #expect(SpamBand(score: 64) == .unsure)
        #expect(SpamBand(score: 65) == .likelySpam)
        #expect(SpamBand.likelySpam.words == "likely spam")
    }

    @Test func hiddenLinksAreRevealedWithHowTheyAreHidden() {
        let html = #"Nice post! <a href="https://pills.example/buy" style="display: none">pills</a> and "#
            + #"<a href="http://www.casino.example/x"></a> and <a href="https://fine.example">a real link</a>"#
        #expect(HiddenLink.all(in: html).map(\.sentence) == [
            "hidden link: pills.example/buy (display:none)", "hidden link: casino.example/x (no text)",
        ])
        #expect(HiddenLink.all(in: "no links here").isEmpty)
    }
}
