import Foundation
import Testing
@testable import CommentsKit

@Suite struct ModelTests {
    @Test func statusFilterSpellings() {
        #expect(CommentStatus.allCases.map(\.filterValue) == ["approve", "hold", "spam", "trash"])
        #expect(StatusUpdate.approve.rawValue == "approved")
        #expect(StatusUpdate.allCases.count == 6)
    }

    private func status(_ statuses: Set<CommentStatus>) -> (String?, Bool) {
        let parameter = CommentListRequest(statuses: statuses).statusParameter
        return (parameter.value, parameter.filterLocally)
    }

    @Test func statusSetsMapToWhatWordPressAccepts() {
        #expect(status([]) == (nil, false))
        #expect(status([.approved]) == ("approve", false))
        #expect(status([.spam]) == ("spam", false))
        #expect(status([.approved, .hold]) == ("all", false))
        #expect(status(Set(CommentStatus.allCases)) == ("any", false))
        #expect(status([.spam, .trash]) == ("any", true))
    }

    @Test func defaultListRequest() {
        let request = CommentListRequest()
        #expect(request.page == 1 && request.perPage == 100 && request.order == .desc && request.context == .view)
        let names = request.queryItems.map(\.0)
        // Every request names its type (issue 28): WordPress's default is `comment` today,
        // and `all` would bring the block editor's notes.
        #expect(names == ["page", "per_page", "order", "context", "type"])
        #expect(request.queryItems.last?.1 == "comment")
    }

    @Test func endpointBuildsBothURLForms() throws {
        let pretty = RESTEndpoint(base: try #require(URL(string: "https://example.com/blog/wp-json/")))
        #expect(pretty.url("/wp/v2/comments", query: [("search", "C++ & co"), ("page", "2")])?.absoluteString
            == "https://example.com/blog/wp-json/wp/v2/comments?search=C%2B%2B%20%26%20co&page=2")
        let plain = RESTEndpoint(base: try #require(URL(string: "https://example.com/?rest_route=")))
        #expect(plain.url("/wp/v2/comments/5", query: [("force", "true")])?.absoluteString
            == "https://example.com/?rest_route=/wp/v2/comments/5&force=true")
        #expect(plain.url("/wp/v2/users/me")?.absoluteString == "https://example.com/?rest_route=/wp/v2/users/me")
    }

    @Test func wordPressDates() {
        #expect(WordPressDate.parse("2026-11-21T12:00:00") == Date(timeIntervalSince1970: 1_795_262_400))
        #expect(WordPressDate.parse("2026-11-21T13:00:00+01:00") == Date(timeIntervalSince1970: 1_795_262_400))
        #expect(WordPressDate.parse("2026-11-21T12:00:00Z") == Date(timeIntervalSince1970: 1_795_262_400))
        #expect(WordPressDate.parse("2026-11-21T12:00:00.5") == Date(timeIntervalSince1970: 1_795_262_400.5))
        #expect(WordPressDate.parse("2026-11-21") == nil)
        #expect(WordPressDate.parse("2026-02-30T99:00:00") == nil)
        #expect(WordPressDate.parse("not a date at all!!") == nil)
    }

    @Test func errorDescriptionsAreOneSentence() {
        let errors: [CommentsError] = [
            .transport(.offline), .transport(.timeout), .transport(.hostNotFound), .transport(.connectionRefused),
            .transport(.connectionLost), .transport(.other("TLS failed")), .http(status: 500, code: nil, message: nil),
            .http(status: 403, code: "rest_forbidden", message: "Sorry, you are not allowed to do that."),
            .decoding(field: "date_gmt", detail: "missing."), .insecureCredentials(host: "example.com"),
            .notLoggedIn, .invalidResponse("no HTTP response"), .cancelled,
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasSuffix(".") || error.description.hasSuffix("!"))
        }
        #expect(CommentsError.transport(.timeout).description == "Could not reach the site: the connection timed out.")
    }

    @Test func retryDelaysDouble() {
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(100))
        #expect(policy.delay(after: 1) == .milliseconds(100))
        #expect(policy.delay(after: 2) == .milliseconds(200))
        #expect(policy.delay(after: 3) == .milliseconds(400))
        #expect(RetryPolicy.none.maxAttempts == 1)
        #expect(RetryPolicy.default.maxAttempts == 3)
    }
}

@Suite struct LossyListTests {
    @Test func oneUnreadableCommentDoesNotCostThePage() throws {
        let good = try #require(WordPressFixtures.viewList.data(using: .utf8))
        let array = try #require(try JSONSerialization.jsonObject(with: good) as? [[String: Any]])
        var broken = try #require(array.first)
        broken["status"] = "some-plugin-status"
        let mixed = try JSONSerialization.data(withJSONObject: [broken] + array)
        let elements = try JSONDecoder().decode([Lossy<CommentsKit.Comment>].self, from: mixed)
        #expect(elements.count == array.count + 1)
        #expect(elements.compactMap(\.value).count == array.count)
        #expect(elements.first?.error != nil, "the odd one is kept as its error")
    }
}

@Suite struct CredentialsTests {
    @Test func thePasswordNeverShowsInDescriptions() {
        let credentials = Credentials(user: "alice", applicationPassword: "abcd efgh ijkl")
        for text in ["\(credentials)", String(describing: credentials), String(reflecting: credentials), "\([credentials])"] {
            #expect(!text.contains("abcd"))
        }
    }
}
