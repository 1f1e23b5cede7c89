import Testing
import Foundation
@testable import MockREST

/// The queries `parley comment` sends, answered as WordPress does: a one-comment page whose
/// `X-WP-Total` counts a status, and `after` with `before` as an open interval.
@Suite struct CommandQueryTests {
    let server = MockServer(MockConfiguration(seed: 3, commentsPerSite: 80))

    var comments: [MockComment] { (server.comments(site: "site-1") ?? []).filter { $0.type == "comment" } }

    @Test func aOneCommentPageCountsEveryMatchInItsTotals() {
        for (value, status) in [("approve", MockCommentStatus.approved), ("hold", .hold), ("spam", .spam), ("trash", .trash)] {
            let expected = comments.filter { $0.status == status }.count
            let answer = server.call("GET", "/wp/v2/comments?page=1&per_page=1&order=desc&context=view&status=\(value)")
            #expect(answer.status == 200)
            #expect(answer.header("X-WP-Total") == String(expected))
            #expect(answer.header("X-WP-TotalPages") == String(expected))
            #expect(answer.ids.count == min(1, expected))
        }
    }

    @Test func afterAndBeforeTogetherKeepWhatIsStrictlyBetween() throws {
        let sorted = comments.filter { $0.status == .approved || $0.status == .hold }.sorted { $0.date < $1.date }
        let low = sorted[sorted.count / 4], high = sorted[3 * sorted.count / 4]
        let after = GMTTime.format(Int64(low.date.timeIntervalSince1970))
        let before = GMTTime.format(Int64(high.date.timeIntervalSince1970))
        let answer = server.call("GET", "/wp/v2/comments?page=1&per_page=100&order=desc&context=edit&status=all&after=\(after)Z&before=\(before)Z")
        let expected = sorted.filter { $0.date > low.date && $0.date < high.date }.map(\.id).sorted(by: >)
        #expect(answer.ids == expected)
    }

    @Test func parentZeroWithAnAddressKeepsThatAuthorsTopLevelComments() throws {
        let address = try #require(comments.first { $0.parent == 0 && $0.status == .hold }?.authorEmail)
        let answer = server.call("GET", "/wp/v2/comments?page=1&per_page=100&order=desc&context=edit&parent=0&status=hold&author_email=\(address)")
        let expected = comments.filter { $0.parent == 0 && $0.status == .hold && $0.authorEmail == address }.map(\.id).sorted(by: >)
        #expect(!expected.isEmpty)
        #expect(answer.ids == expected)
    }
}
