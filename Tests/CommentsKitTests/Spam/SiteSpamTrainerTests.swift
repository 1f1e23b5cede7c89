import Testing
import Foundation
@testable import CommentsKit
import BackgroundThread
import MockREST
import SpamScore

/// A site's history made into its spam model (issue 30): what each comment teaches, what the
/// score reads of it, that the same history trains the same model however it was read, and
/// the history read from a site through its REST API.
@Suite struct SiteSpamTrainerTests {
    static func comment(_ id: Int, _ status: CommentStatus, type: String = "comment", html: String = "<p>Thanks</p>") -> CommentsKit.Comment {
        var comment = CommentsKit.Comment(id: id, post: 1, authorName: "Reader \(id)", date: Date(timeIntervalSince1970: TimeInterval(1_795_000_000 + id)),
                              contentHTML: html, status: status, type: type)
        comment.authorIP = id.isMultiple(of: 2) ? "203.0.113.9" : "198.51.100.\(id % 200)"
        return comment
    }

    /// 25 spam comments linking to pills.example, 25 approved, a few pending and trashed ones.
    static let history: [CommentsKit.Comment] = (1...25).flatMap { index in
        [comment(index * 2, .spam, html: "Cheap pills \(index) <a href=\"https://pills.example/\(index)\">here</a>"),
         comment(index * 2 + 1, .approved, html: "<p>Thanks for the write-up, part \(index) helped</p>")]
    } + [comment(100, .hold, html: "<a href=\"https://pills.example/x\">pills</a>"), comment(101, .trash)]

    @Test func approvedTeachesNotSpamSpamTeachesSpamAndTheRestNothing() {
        #expect(SiteSpamTrainer.label(of: Self.comment(1, .approved)) == false)
        #expect(SiteSpamTrainer.label(of: Self.comment(1, .spam)) == true)
        #expect(SiteSpamTrainer.label(of: Self.comment(1, .hold)) == nil)
        #expect(SiteSpamTrainer.label(of: Self.comment(1, .trash)) == nil)
        #expect(SiteSpamTrainer.label(of: Self.comment(1, .spam, type: "pingback")) == true, "pings are learned and scored")
        #expect(SiteSpamTrainer.label(of: Self.comment(1, .approved, type: "note")) == nil, "a note is not a comment")
    }

    @Test func theEvidenceIsTheTextAsWrittenAndWhoWroteIt() {
        var comment = Self.comment(7, .hold, html: "<p>rendered</p>")
        comment.contentRaw = "as <a href=\"https://x.example\">written</a>"
        comment.authorEmail = "a@b.example"
        let evidence = SiteSpamTrainer.evidence(of: comment)
        #expect(evidence == SpamEvidence(html: "as <a href=\"https://x.example\">written</a>", authorName: "Reader 7",
                                         authorEmail: "a@b.example", authorURL: nil, authorIP: "198.51.100.7"))
        comment.contentRaw = nil
        comment.authorURL = "https://reader.example"
        #expect(SiteSpamTrainer.evidence(of: comment).html == "<p>rendered</p>", "the view context has only the rendered HTML")
        #expect(SiteSpamTrainer.evidence(of: comment).authorURL == "https://reader.example")
    }

    @Test func onlyTheLabelledAreLearnedAndTheirOrderDoesNotMatter() async {
        let model = await SiteSpamTrainer().train(Self.history)
        #expect(model.spamExamples == 25)
        #expect(model.approvedExamples == 25)
        #expect(model.isTrained)
        let shuffled = await SiteSpamTrainer().train(Self.history.reversed())
        var reader = SpamFeatureReader()
        for comment in Self.history {
            let features = reader.features(of: SiteSpamTrainer.evidence(of: comment))
            #expect(model.score(features) == shuffled.score(features), "#\(comment.id)")
        }
        let pending = reader.features(of: SiteSpamTrainer.evidence(of: Self.history[50]))
        let score = model.score(pending)
        #expect(score.verdict == .likelySpam)
        #expect(score.reasons.map(\.text).contains("links to pills.example — seen in 25 spam here"), "\(score.reasons)")
    }

    @Test func onABackgroundThreadItLearnsTheSameModel() async {
        let thread = BackgroundThread(name: "test.spam", niceness: 0)
        let there = await SiteSpamTrainer(on: thread).train(Self.history)
        let here = await SiteSpamTrainer().train(Self.history)
        var reader = SpamFeatureReader()
        let features = reader.features(of: SiteSpamTrainer.evidence(of: Self.history[50]))
        #expect(there.score(features) == here.score(features))
    }

    @Test func theSitesHistoryIsEveryApprovedAndSpamCommentAndPingReadInPagesOf100() async throws {
        let server = MockServer(MockConfiguration(seed: 3, commentsPerSite: 450))
        server.addPingback(site: "site-1", sourceTitle: "A post", sourceURL: "https://elsewhere.example/post", excerpt: "linked", status: .spam)
        server.addNote(site: "site-1", content: "an editorial note", status: .approved)
        let client = try WordPressClient(restBase: server.sites[0].restBase, configuration: server.sessionConfiguration())
        server.resetRequestLog()
        let history = try await client.spamHistory()
        let expected = try #require(server.comments(site: "site-1")).filter { ($0.status == .approved || $0.status == .spam) && $0.type != "note" }
        #expect(history.map(\.id).sorted() == expected.map(\.id).sorted())
        #expect(history.contains { $0.type == "pingback" && $0.status == .spam })
        #expect(history.allSatisfy { $0.authorIP != nil && $0.contentRaw != nil }, "the edit context: the text as written, the IP")
        let requests = server.requestLog
        #expect(requests.allSatisfy { $0.method == "GET" && $0.target.contains("per_page=100") && $0.target.contains("_fields=") })
        let approvedComments = expected.filter { $0.status == .approved && $0.type == "comment" }.count
        #expect(requests.filter { $0.target.contains("status=approve") && $0.target.contains("type=comment") }.count
                == (approvedComments + 99) / 100)
    }
}
