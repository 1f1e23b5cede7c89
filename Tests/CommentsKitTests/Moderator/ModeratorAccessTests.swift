import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// What the login check changes: a moderator lists in the edit context (and what loaded
/// before the check is read again for its facts); anyone else lists what they may see.
@MainActor
@Suite struct ModeratorAccessTests {
    /// A store logged in to a locked mock as `role`.
    func store(role: MockRole) throws -> (CommentsStore, MockServer, SiteID) {
        let account = MockAccount(user: "someone", applicationPassword: "pw", role: role)
        let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 40,
                                                  credentials: MockCredentials(user: "admin", applicationPassword: "adminpw"),
                                                  accounts: [account]))
        let site = try #require(server.sites.first)
        let client = try WordPressClient(restBase: site.restBase, credentials: Credentials(user: "someone", applicationPassword: "pw"),
                                         configuration: server.sessionConfiguration(), retry: .none)
        let store = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: Dispatcher(), pageSize: 25)
        return (store, server, site.id)
    }

    @Test func aModeratorListsInTheEditContext() async throws {
        let (store, server, site) = try store(role: .editor)
        defer { withExtendedLifetime(server) {} }
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        _ = try await store.state { $0.access(of: site) == .moderator }
        let receipt = store.query(CommentsQuery(site: site))
        let loaded = try await store.state { $0.fetch(CommentsQuery(site: site)).phase == .loaded }
        let entries = loaded.comments(of: site).allEntries
        #expect(!entries.isEmpty && entries.allSatisfy { $0.facts != nil })
        #expect(server.requestLog.contains { $0.target.contains("context=edit") && $0.route == .listComments })
        _ = receipt
    }

    /// The first page leaves before the login check answers: it comes in the view
    /// context. Once the check says "moderator", the pages loaded are read again for
    /// their e-mails and IPs (before, they stayed without them for the session).
    @Test func pagesLoadedBeforeTheCheckAreReadAgainForTheirFacts() async throws {
        let (store, server, site) = try store(role: .administrator)
        defer { withExtendedLifetime(server) {} }
        let receipt = store.query(CommentsQuery(site: site))
        let before = try await store.state { $0.fetch(CommentsQuery(site: site)).phase == .loaded }
        #expect(before.comments(of: site).allEntries.allSatisfy { $0.facts == nil })
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        _ = try await store.state { $0.access(of: site) == .moderator }
        let after = try await store.state { !$0.isReadingFacts }
        let entries = after.comments(of: site).allEntries
        #expect(!entries.isEmpty && entries.allSatisfy { $0.facts != nil })
        let one = try #require(entries.first)
        #expect(one.facts?.email == server.comment(site: site, id: one.id)?.authorEmail)
        _ = receipt
    }

    /// WordPress refuses `status=any` to a subscriber (403): the list asked before the
    /// check fails, and is asked again, for approved comments in the view context.
    @Test func aSubscriberListsApprovedCommentsAndIsToldWhy() async throws {
        let (store, server, site) = try store(role: .subscriber)
        defer { withExtendedLifetime(server) {} }
        let receipt = store.query(CommentsQuery(site: site))
        _ = try await store.state { $0.fetch(CommentsQuery(site: site)).error != nil }
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        let loaded = try await store.state { $0.fetch(CommentsQuery(site: site)).phase == .loaded }
        #expect(loaded.access(of: site) == .reader)
        let entries = loaded.comments(of: site).allEntries
        #expect(!entries.isEmpty)
        #expect(Set(entries.map(\.status)) == [.approved])
        #expect(entries.allSatisfy { $0.facts == nil })
        #expect(loaded.notice?.message == "Signed in as a subscriber: e-mails and IPs are not shown, and only approved comments are listed.")
        _ = receipt
    }

    /// The login check answers while the first page (asked for every status) is still on
    /// its way; WordPress then refuses that page. It is asked again as a reader may — it
    /// used to stay failed, with an empty list.
    @Test func aPageRefusedAfterTheCheckSaidReaderIsAskedAgain() async throws {
        let (store, server, site) = try store(role: .subscriber)
        defer { withExtendedLifetime(server) {} }
        let query = CommentsQuery(site: site)
        let receipt = store.query(query)
        #expect(store.state.fetch(query).isLoading)
        let subscriber = WordPressUser(id: 99, name: "someone", roles: ["subscriber"], capabilities: ["read", "level_0"])
        store.dispatcher.dispatch(CommentsAction.credentialsChecked(site: site, result: .success(subscriber)))
        let loaded = try await store.state { $0.fetch(query).phase == .loaded }
        #expect(Set(loaded.comments(of: site).allEntries.map(\.status)) == [.approved])
        #expect(server.requestLog.contains { $0.route == .listComments && $0.status == 403 }, "the first page was refused")
        _ = receipt
    }

    /// A reader's page holds approved comments only: a held comment of theirs in the same
    /// dates is not "gone from the site" (it used to leave the list on the next load).
    @Test func aReadersPageLeavesTheirHeldCommentsAlone() async throws {
        let (store, server, site) = try store(role: .subscriber)
        defer { withExtendedLifetime(server) {} }
        let query = CommentsQuery(site: site)
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        _ = try await store.state { $0.access(of: site) == .reader }
        let receipt = store.query(query)
        let loaded = try await store.state { $0.fetch(query).phase == .loaded }
        let dates = loaded.comments(of: site).allEntries.map(\.date).sorted()
        let middle = try #require(dates.dropFirst(dates.count / 2).first)
        let held = CommentsKit.Comment(id: 900_001, post: 1, authorName: "someone", date: middle.addingTimeInterval(1),
                                       contentHTML: "<p>Mine, awaiting moderation</p>", status: .hold)
        store.dispatcher.dispatch(CommentsImported(site: site, comments: [held]))
        store.dispatcher.dispatch(CommentsAction.refresh(query))
        let again = try await store.state { !$0.fetch(query).isLoading }
        #expect(again.comments(of: site)[held.id] != nil)
        _ = receipt
    }

    @Test func anAuthorMayEditOnlyTheirOwnComments() async throws {
        let (store, server, site) = try store(role: .author)
        defer { withExtendedLifetime(server) {} }
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        _ = try await store.state { $0.access(of: site) == .reader }
        let receipt = store.query(CommentsQuery(site: site))
        let loaded = try await store.state { $0.fetch(CommentsQuery(site: site)).phase == .loaded }
        let me = try #require(loaded.currentUsers[site])
        let someoneElses = try #require(loaded.comments(of: site).allEntries.first { $0.author != me.id })
        store.dispatcher.dispatch(CommentsAction.quickEdit(site: site, id: someoneElses.id, text: "hijack", author: AuthorEdit(name: "x")))
        #expect(store.state.notice?.message == "Edit refused: you can only edit your own comments.")
        #expect(store.state.unsentEdit?.text == "hijack")
        _ = receipt
    }
}
