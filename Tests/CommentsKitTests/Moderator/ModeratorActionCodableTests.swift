import Testing
import Foundation
@testable import CommentsKit

/// The moderator's actions survive a session recording: each reads back as written.
@Suite struct ModeratorActionCodableTests {
    static var comment: CommentsKit.Comment {
        var comment = CommentsKit.Comment(id: 42, post: 7, authorName: "Zoë", date: Date(timeIntervalSince1970: 1_795_262_400),
                                          contentHTML: "<p>Hi</p>", contentRaw: "Hi", status: .hold)
        comment.authorEmail = "z@example.com"
        comment.authorIP = "203.0.113.9"
        comment.authorUserAgent = "Mozilla/5.0"
        return comment
    }

    @Test(arguments: [
        CommentsAction.lookUpHistory(site: "s", address: .email("z@example.com")),
        .historyLoaded(site: "s", address: .ip("203.0.113.9"), result: .success(AddressHistory(approved: 3, pending: 1, spam: 0, isLowerBound: true))),
        .historyLoaded(site: "s", address: .email("z@example.com"), result: .failure(.notLoggedIn)),
        .factsLoaded(site: "s", result: .success([comment])),
        .quickEdit(site: "s", id: 42, text: "new", author: AuthorEdit(name: "Z", email: "", url: nil)),
        .credentialsChecked(site: "s", result: .success(WordPressUser(id: 1, name: "admin", roles: ["administrator"],
                                                                       capabilities: ["moderate_comments", "read"]))),
    ])
    func readsBackAsWritten(_ action: CommentsAction) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let decoded = try JSONDecoder().decode(CommentsAction.self, from: encoder.encode(action))
        #expect(decoded == action)
    }
}
