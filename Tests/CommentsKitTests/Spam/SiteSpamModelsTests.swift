import Testing
import Foundation
import SpamScore
@testable import CommentsKit

/// How a site's model follows its comments' labels (issue 30, ``SiteSpamModels``): a change
/// seen made on the site is learned as a moderation here is, a write still on its way
/// teaches nothing until the site answers, and the same history scores the same.
@Suite struct SiteSpamModelsTests {
    static let site: SiteID = "https://blog.example/wp-json/"

    /// 25 spam comments linking to pills.example from one address, 25 approved ones, and
    /// pending comment 100 from the spam's address.
    static func history() -> SiteComments {
        var comments: [CommentsKit.Comment] = []
        for index in 1...25 {
            var spam = CommentsKit.Comment(id: index, post: 1, authorName: "Bot \(index)", date: Date(timeIntervalSince1970: TimeInterval(1_795_000_000 + index)),
                                           contentHTML: "Cheap pills \(index) <a href=\"https://pills.example/\(index)\">here</a>", status: .spam, type: "comment")
            spam.authorIP = "203.0.113.9"
            var fine = CommentsKit.Comment(id: 50 + index, post: 1, authorName: "Reader \(index)", date: Date(timeIntervalSince1970: TimeInterval(1_795_000_100 + index)),
                                           contentHTML: "<p>Thanks for the write-up, part \(index) helped with the garden</p>", status: .approved, type: "comment")
            fine.authorIP = "198.51.100.\(index)"
            comments += [spam, fine]
        }
        var pending = CommentsKit.Comment(id: 100, post: 1, authorName: "Someone", date: Date(timeIntervalSince1970: 1_795_000_500),
                                          contentHTML: "<p>Nice garden, more pills here</p>", status: .hold, type: "comment")
        pending.authorIP = "203.0.113.9"
        comments.append(pending)
        var site = SiteComments()
        site.merge(comments)
        return site
    }

    @Test func aChangeSeenOnTheSiteIsLearnedAtOnce() {
        let models = SiteSpamModels(on: nil)
        var site = Self.history()
        let before = models.scoreNow(site: Self.site, comments: site)
        #expect(!before.isLearning)
        #expect(before.spamExamples == 25 && before.approvedExamples == 25)
        // Another moderator approved comment 3 (the sweep applies what it finds to the rows).
        site.modify(3) { $0.setStatus(.approved) }
        let after = models.scoreNow(site: Self.site, comments: site)
        #expect(after.spamExamples == 24 && after.approvedExamples == 26, "the spam label forgotten, the approval learned")
        #expect(after.revision == site.revision)
    }

    @Test func aWriteOnItsWayTeachesNothingUntilTheSiteAnswers() throws {
        let models = SiteSpamModels(on: nil)
        var site = Self.history()
        let before = models.scoreNow(site: Self.site, comments: site)
        site.modify(100) { $0.setStatus(.spam); $0.mark = .updating }
        let sending = models.scoreNow(site: Self.site, comments: site)
        #expect(sending.spamExamples == before.spamExamples)
        #expect(sending.score(of: 100) == before.score(of: 100))
        site.modify(100) { $0.mark = nil }
        let confirmed = models.scoreNow(site: Self.site, comments: site)
        #expect(confirmed.spamExamples == before.spamExamples + 1)
        #expect(try #require(confirmed.score(of: 100)) >= (try #require(before.score(of: 100))))
    }

    @Test func tooLittleHistoryScoresByTheRulesAlone() {
        var site = SiteComments()
        site.merge([CommentsKit.Comment(id: 1, post: 1, authorName: "A", date: Date(timeIntervalSince1970: 1_795_000_000),
                                        contentHTML: "<a href=\"https://a.example\">1</a> <a href=\"https://b.example\">2</a> <a href=\"https://c.example\">3</a>",
                                        status: .hold, type: "comment")])
        let scores = SiteSpamModels(on: nil).scoreNow(site: Self.site, comments: site)
        #expect(scores.isLearning)
        // Read from the plain text (no source yet): its links, shown as <https://…>, count.
        #expect(scores.band(of: 1) == .likelySpam, "three links: the rules' score \(scores.score(of: 1) ?? -1) of “\(site[1]?.text ?? "")”")
    }
}
