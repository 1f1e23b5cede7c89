import Testing
import Foundation
import Flux
@testable import CommentsKit

/// The comments and filter actions survive JSON (what a session recording holds): every
/// case, with its payload, reads back as it was written.
@Suite struct ActionCodableTests {
    static let comment = Comment(
        id: 42, post: 7, parent: 3, author: 2, authorName: "Zoë <b>&amp;</b>", authorURL: "https://z.example",
        date: Date(timeIntervalSince1970: 1_795_262_400), contentHTML: "<p>Hi &amp; bye</p>", contentRaw: "Hi & bye",
        link: "https://z.example/#c42", status: .hold, type: "comment"
    )
    static let query = CommentsQuery(site: "site-1", post: 7, statuses: [.spam, .approved])

    /// Encodes, decodes and encodes again: the two encodings match (the actions are not
    /// Equatable, their JSON is comparable).
    private func roundTrip<A: Codable>(_ value: A) throws -> (first: String, second: String, decoded: A) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let first = try encoder.encode(value)
        let decoded = try JSONDecoder().decode(A.self, from: first)
        let second = try encoder.encode(decoded)
        return (String(decoding: first, as: UTF8.self), String(decoding: second, as: UTF8.self), decoded)
    }

    @Test(arguments: [
        CommentsAction.refresh(query), .loadMore(query), .trash(site: "s", id: 1), .deletePermanently(site: "s", id: 2),
        .moderate(site: "s", id: 3, to: .restore), .reply(site: "s", post: 7, parent: 0, text: "line\none"),
        .retryReply(site: "s", localID: -1), .discardReply(site: "s", localID: -2), .edit(site: "s", id: 4, text: "new"),
        .loadSource(site: "s", id: 5), .undo, .verifyCredentials(site: "s"),
        .pageLoaded(query: query, page: 2, ticket: 9, result: .success(CommentPage(comments: [comment], total: 300, totalPages: 3))),
        .pageLoaded(query: query, page: 1, ticket: 1, result: .failure(.transport(.other("reset")))),
        .writeFinished(operation: 3, result: .success(comment)),
        .writeFinished(operation: 4, result: .failure(.outcomeUnknown(check: .http(status: 500, code: "x", message: nil)))),
        .sourceLoaded(site: "s", id: 6, result: .failure(.decoding(field: "date_gmt", detail: "bad"))),
        .postLoaded(site: "s", post: WordPressPost(id: 7, title: "Tom & Jerry <3 > 2\nsequel", link: "https://p.example")),
        .credentialsChecked(site: "s", result: .success(WordPressUser(id: 1, name: "admin", slug: "admin"))),
        .credentialsChecked(site: "s", result: .failure(.notLoggedIn)),
        .overrideConflict(number: 1), .dismissConflict(number: 2),
        .writeFinished(operation: 5, result: .failure(.changedOnSite(WriteConflict(
            id: 42, change: .status(was: .hold, now: .spam), found: CommentSnapshot(comment))))),
        .bulkChecked(run: 1, ids: [42, 43], result: .success([CommentSnapshot(comment)])),
    ])
    func everyCommentsActionReadsBackAsWritten(_ action: CommentsAction) throws {
        let trip = try roundTrip(action)
        #expect(trip.first == trip.second)
    }

    @Test func aCommentReadsBackEqualInWordPressShape() throws {
        let trip = try roundTrip(CommentPage(comments: [Self.comment], total: 1, totalPages: 1))
        #expect(trip.decoded.comments == [Self.comment])
        #expect(trip.first.contains(#""date_gmt":"2026-11-21T12:00:00""#))
        #expect(trip.first.contains(#""author_name":"Zoë <b>&amp;"#))
    }

    /// A title is text read from WordPress's HTML; written back as HTML it reads the same.
    @Test func aPostTitleIsKeptExactlyThroughItsHTMLForm() throws {
        for rendered in ["Tom &amp; Jerry", "5 &lt; 3 &gt; 1", "&amp;amp; stays text", "two<br>lines", "  spaced   out  ", "<em>Big</em> news"] {
            let json = Data(#"{"id":1,"title":{"rendered":"\#(rendered)"}}"#.utf8)
            let post = try JSONDecoder().decode(WordPressPost.self, from: json)
            #expect(try roundTrip(post).decoded.title == post.title)
        }
    }

    @Test func aFractionalSecondSurvivesTheWordPressDate() throws {
        var comment = Self.comment
        comment.date = Date(timeIntervalSince1970: 1_795_262_400.25)
        #expect(try roundTrip(CommentPage(comments: [comment], total: 1, totalPages: 1)).decoded.comments[0].date == comment.date)
    }

    @Test func importedCommentsAndEveryFilterActionReadBack() throws {
        #expect(try roundTrip(CommentsImported(site: "s", comments: [Self.comment])).decoded.comments == [Self.comment])
        let actions: [FilterAction] = [
            .showSite("s"), .toggle(.status(.spam)), .toggle(.author("Zoë")), .toggle(.post(12)), .toggle(.needsReply),
            .toggle(.lastSevenDays), .selectGroup(.date), .selectGroup(nil), .clearAll, .setSearch("naïve"), .resetToDefaults,
        ]
        for action in actions {
            #expect(try roundTrip(action).decoded == action)
        }
        #expect(try roundTrip(FilterAction.toggle(.status(.trash))).first == #"{"toggle":{"_0":"status:trash"}}"#)
    }
}
