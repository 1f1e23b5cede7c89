import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit
import MockREST

/// The review of issue 14's outbox: when the site came back, only the last queued write's
/// message showed. Several answers are now said together once the site's outbox is empty
/// ("3 queued writes sent"), each refusal with its reason, and a refused entry stays listed
/// (marked refused) until dismissed, named by its comment's author.
@MainActor
@Suite struct OutboxResultsTests {
    let server = MockServer(MockConfiguration(seed: 11, siteCount: 1, commentsPerSite: 30))
    let clock = FluxTesting.TestClock()
    let cache = OutboxTests.OutboxCache()

    private var site: SiteID { server.sites[0].id }
    private var query: CommentsQuery { CommentsQuery(site: site) }

    private func started(_ dispatcher: Dispatcher) async throws -> (CommentsStore, Receipt) {
        let mockSite = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let now = MockConfiguration().referenceDate
        let store = CommentsStore(sites: [SiteConnection(id: site, name: mockSite.name, client: client)], dispatcher: dispatcher,
                                  pageSize: 50, cache: cache, now: { now }, clock: clock)
        dispatcher.dispatch(CommentsAction.readCache(site: site))
        let receipt = store.query(query)
        _ = try await store.state { $0.fetch(query).phase == .loaded && $0.cache.reading.isEmpty }
        return (store, receipt)
    }

    private func setOffline(_ offline: Bool, failing: Set<MockRoute> = []) {
        var faults = server.faults
        faults.offline = offline
        faults.failingRoutes = failing
        faults.failureRate = failing.isEmpty ? 0 : 1
        server.faults = faults
    }

    /// Queues an approval, a spam and a reply while the site is down.
    private func queueThree(_ store: CommentsStore, _ dispatcher: Dispatcher) async throws -> (held: CommentEntry, approved: CommentEntry) {
        let entries = store.state.comments(of: site).allEntries.filter { !$0.isLocal }
        let held = try #require(entries.first { $0.status == .hold })
        let approved = try #require(entries.first { $0.status == .approved })
        let other = try #require(entries.first { $0.status == .approved && $0.id != approved.id })
        setOffline(true)
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 1 }
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: other.id, to: .spam))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 2 }
        dispatcher.dispatch(CommentsAction.reply(site: site, post: approved.post, parent: approved.id, text: "Queued reply"))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 3 && $0.outbox.items.allSatisfy { $0.record != nil } }
        return (held, approved)
    }

    @Test func severalQueuedWritesSentAreSaidTogether() async throws {
        let dispatcher = Dispatcher()
        let (store, receipt) = try await started(dispatcher)
        _ = try await queueThree(store, dispatcher)
        setOffline(false)
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(state.notice?.message == "3 queued writes sent.")
        #expect(state.notice?.kind == .info)
        #expect(state.outbox.refused.isEmpty)
        receipt.cancel()
    }

    @Test func eachRefusalIsSaidWithItsReasonAndStaysListedUntilDismissed() async throws {
        let dispatcher = Dispatcher()
        let (store, receipt) = try await started(dispatcher)
        let (held, approved) = try await queueThree(store, dispatcher)
        // Moderations are refused; the reply goes through.
        setOffline(false, failing: [.updateComment])
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        let message = try #require(state.notice?.message)
        #expect(message.hasPrefix("1 of 3 queued writes sent; the site refused 2: "), "\(message)")
        #expect(message.contains("approve \(held.authorName)'s comment: "), "\(message)")
        #expect(message.contains("spam "), "\(message)")
        #expect(state.notice?.kind == .error)
        #expect(state.outbox.refused.count == 2)
        #expect(state.outbox.refused.allSatisfy { $0.phase == .refused && $0.lastProblem != nil })
        #expect(state.outbox.count == 0, "refused entries are not waiting: q and the header do not count them")
        #expect(state.comments(of: site)[held.id]?.status == .hold, "the refused approval was rolled back")
        #expect(state.comments(of: site).allEntries.contains { $0.parent == approved.id && $0.text.contains("Queued reply") })
        let first = try #require(state.outbox.refused.first)
        dispatcher.dispatch(CommentsAction.dropOutboxEntry(number: first.number))
        #expect(store.state.outbox.refused.map(\.number) == state.outbox.refused.dropFirst().map(\.number))
        receipt.cancel()
    }

    @Test func aRefusedReplysTextIsKeptOnItsFailedRowAndTheListedEntry() async throws {
        let dispatcher = Dispatcher()
        let (store, receipt) = try await started(dispatcher)
        let (_, approved) = try await queueThree(store, dispatcher)
        setOffline(false, failing: [.createComment])
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        let refused = try #require(state.outbox.refused.first)
        guard case let .reply(_, _, parent, text, _) = refused.write else {
            Issue.record("the refused entry is not the reply: \(refused.write)")
            return
        }
        #expect(parent == approved.id && text == "Queued reply", "the overlay keeps what was written")
        // The reply's row stays, failed, with its text: `r` sends it again, and quitting
        // keeps it as the draft of a reply to that comment.
        let row = try #require(state.comments(of: site).localEntries.first { $0.parent == approved.id })
        #expect(row.contentRaw == "Queued reply")
        guard case .failed? = row.mark else {
            Issue.record("the refused reply's row is not marked failed: \(String(describing: row.mark))")
            return
        }
        receipt.cancel()
    }

    @Test func anEntryIsNamedByItsCommentsAuthorAndASnippet() async throws {
        let dispatcher = Dispatcher()
        let (store, receipt) = try await started(dispatcher)
        let (held, approved) = try await queueThree(store, dispatcher)
        let items = store.state.outbox.items
        #expect(store.state.outboxDescription(items[0]) == "approve \(held.authorName)'s comment")
        #expect(store.state.outboxDescription(items[2]) == "reply to \(approved.authorName)'s comment")
        #expect(store.state.outboxSnippet(items[2]) == "Queued reply")
        receipt.cancel()
    }

    @Test func theUsersOwnCommentIsYourComment() async throws {
        // Seen in the outbox: "approve editor's comment", logged in as editor.
        let dispatcher = Dispatcher()
        let (store, receipt) = try await started(dispatcher)
        let (held, _) = try await queueThree(store, dispatcher)
        var state = store.state
        state.comments[site]?.modify(held.id) { $0.author = 7 }
        state.currentUsers[site] = WordPressUser(id: 7, name: "editor")
        #expect(state.outboxDescription(state.outbox.items[0]) == "approve your comment")
        // A guest's comment (author 0) is never the user's, whoever is logged in.
        state.comments[site]?.modify(held.id) { $0.author = 0 }
        state.currentUsers[site] = WordPressUser(id: 0, name: "nobody")
        #expect(state.outboxDescription(state.outbox.items[0]) == "approve \(held.authorName)'s comment")
        receipt.cancel()
    }
}
