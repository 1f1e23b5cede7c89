import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// How many comments an address has on the site, asked of the site (not counted from what
/// is loaded), once per address.
@MainActor
@Suite struct AddressHistoryTests {
    @Test func anEmailsHistoryIsTheSitesCountByStatus() async throws {
        let fixture = try StoreFixture(commentsPerSite: 120)
        let client = try fixture.anotherModerator()
        let all = try #require(fixture.server.comments(site: fixture.site))
        // The address with the most comments, so every status has a chance to show.
        let email = try #require(Dictionary(grouping: all, by: \.authorEmail).max { $0.value.count < $1.value.count }?.key)
        let history = try await client.history(of: .email(email))
        func count(_ status: MockCommentStatus) -> Int { all.filter { $0.authorEmail == email && $0.status == status }.count }
        #expect(history == AddressHistory(approved: count(.approved), pending: count(.hold), spam: count(.spam)))
        #expect(history.total > 1)
    }

    /// WordPress's search matches the IP as a substring of any field: only the comments
    /// whose IP is exactly this one count.
    @Test func anIPsHistoryCountsThatIPAlone() async throws {
        let fixture = try StoreFixture(commentsPerSite: 60)
        let client = try fixture.anotherModerator()
        var everything: [CommentsKit.Comment] = []
        for page in 1...3 {
            everything += try await client.list(CommentListRequest(statuses: Set(CommentStatus.allCases), page: page, perPage: 25, context: .edit)).comments
        }
        let ip = try #require(everything.compactMap(\.authorIP).first)
        let history = try await client.history(of: .ip(ip))
        func count(_ status: CommentStatus) -> Int { everything.filter { $0.authorIP == ip && $0.status == status }.count }
        #expect(history == AddressHistory(approved: count(.approved), pending: count(.hold), spam: count(.spam)))
    }

    @Test func anAddressIsAskedOnceAndKept() async throws {
        let fixture = try StoreFixture()
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        _ = try await fixture.comments.state { $0.access(of: fixture.site) == .moderator }
        let email = try #require(fixture.server.comments(site: fixture.site)?.first?.authorEmail)
        fixture.server.resetRequestLog()
        fixture.dispatcher.dispatch(CommentsAction.lookUpHistory(site: fixture.site, address: .email(email)))
        #expect(fixture.comments.state.addressHistories[fixture.site]?[.email(email)] == .loading)
        fixture.dispatcher.dispatch(CommentsAction.lookUpHistory(site: fixture.site, address: .email(email)))
        let state = try await fixture.comments.state { !$0.isReadingFacts }
        guard case .loaded? = state.addressHistories[fixture.site]?[.email(email)] else {
            Issue.record("no history for \(email)")
            return
        }
        fixture.dispatcher.dispatch(CommentsAction.lookUpHistory(site: fixture.site, address: .email(email)))
        #expect(fixture.server.requestCount(.listComments) == 3, "one request per status, once")
    }

    @Test func aReaderDoesNotAskForHistories() async throws {
        var state = CommentsState()
        state.loginProblems["s"] = "Not logged in"
        let facts = FactsReducer(connections: [:], pageSize: 25)
        #expect(facts.lookUpHistory(site: "s", address: .ip("1.2.3.4"), in: &state).isNone)
        #expect(state.addressHistories.isEmpty)
    }

    @Test func quickEditChangesTheAuthorOnTheSite() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        _ = try await fixture.comments.state { $0.access(of: fixture.site) == .moderator && !$0.isReadingFacts }
        let target = try #require(fixture.entry { $0.author == 0 && $0.status == .approved })
        let edit = AuthorEdit(name: "Renamed", email: "renamed@example.com", url: "https://renamed.example")
        fixture.dispatcher.dispatch(CommentsAction.quickEdit(site: fixture.site, id: target.id, text: "New words", author: edit))
        try await fixture.settled()
        let server = try #require(fixture.server.comment(site: fixture.site, id: target.id))
        #expect(server.authorName == "Renamed" && server.authorEmail == "renamed@example.com" && server.authorURL == "https://renamed.example")
        #expect(server.content == "New words")
        let entry = try #require(fixture.siteComments[target.id])
        #expect(entry.authorName == "Renamed" && entry.facts?.email == "renamed@example.com")
        _ = receipt
    }

    @Test func quickEditWithABadEmailIsRefusedAndKeepsTheText() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        _ = try await fixture.comments.state { $0.access(of: fixture.site) == .moderator && !$0.isReadingFacts }
        let target = try #require(fixture.entry { $0.status == .approved && !$0.isLocal })
        fixture.dispatcher.dispatch(CommentsAction.quickEdit(site: fixture.site, id: target.id, text: "Kept", author: AuthorEdit(email: "nope")))
        try await fixture.settled()
        #expect(fixture.comments.state.unsentEdit?.text == "Kept")
        #expect(fixture.server.comment(site: fixture.site, id: target.id)?.content != "Kept")
        _ = receipt
    }
}
