import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

@MainActor
@Suite struct CommentsStoreLoadingTests {
    @Test func aQueryLoadsItsFirstPageAndTellsNeverAskedLoadingAndLoadedApart() async throws {
        let fixture = try StoreFixture()
        #expect(fixture.comments.state.fetch(fixture.query).phase == .neverAsked)
        let receipt = fixture.comments.query(fixture.query)
        #expect(fixture.comments.state.fetch(fixture.query).phase == .loading(page: 1))
        #expect(fixture.comments.state.isBusy)
        let loaded = try await fixture.comments.state { $0.fetch(fixture.query).phase == .loaded }
        let fetch = loaded.fetch(fixture.query)
        #expect(fetch.pagesLoaded == 1)
        // The query lists comments (the seed's notes and pings are other types).
        #expect(fetch.total == fixture.server.comments(site: fixture.site)?.filter { $0.type == "comment" }.count)
        #expect(fetch.totalPages == (60 + 24) / 25)
        #expect(fetch.loadedAt == fixture.clock.date)
        #expect(fetch.loadedCount == 25)
        #expect(loaded.comments(of: fixture.site).count == 25)
        #expect(!loaded.isBusy)
        _ = receipt
    }

    @Test func threadedOrderPutsRepliesAfterTheirParents() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.loadAll()
        let site = fixture.siteComments
        #expect(site.count == 60)
        var seen = Set<Int>()
        for row in site.rows {
            let comment = try #require(site[row.id])
            if row.depth > 0 { #expect(seen.contains(comment.parent), "reply \(comment.id) listed before its parent") }
            if row.depth == 0, comment.parent != 0 { #expect(row.parentMissing) }
            seen.insert(row.id)
        }
        #expect(site.rows.contains { $0.depth > 0 })
        _ = receipt
    }

    @Test func twoReceiptsForOneQueryShareOneRequest() async throws {
        let fixture = try StoreFixture()
        let first = fixture.comments.query(fixture.query)
        let second = fixture.comments.query(fixture.query)
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.comments.state { $0.fetch(fixture.query).phase == .loaded }
        #expect(fixture.server.requestCount(.listComments) == 1)
        _ = (first, second)
    }

    @Test func freshDataIsNotFetchedAgainUntilTheTTLPasses() async throws {
        let fixture = try StoreFixture()
        var receipt: Receipt? = try await fixture.load()
        receipt = nil
        fixture.clock.advance(by: .seconds(30))
        receipt = fixture.comments.query(fixture.query)
        #expect(fixture.comments.state.fetch(fixture.query).phase == .loaded, "fresh: no request")
        #expect(fixture.server.requestCount(.listComments) == 1)
        receipt = nil
        fixture.clock.advance(by: .seconds(31))
        receipt = try await fixture.load()
        #expect(fixture.server.requestCount(.listComments) == 2)
        _ = receipt
    }

    @Test func refreshBypassesTheTTL() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        #expect(fixture.comments.state.fetch(fixture.query).isLoading)
        _ = try await fixture.comments.state { $0.fetch(fixture.query).phase == .loaded }
        #expect(fixture.server.requestCount(.listComments) == 2)
        _ = receipt
    }

    @Test func loadMorePagesInTheRest() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.loadMore(fixture.query))
        let state = try await fixture.comments.state { $0.fetch(fixture.query).pagesLoaded == 2 }
        #expect(state.comments(of: fixture.site).count == 50)
        let all = try await fixture.loadAll()
        #expect(!fixture.comments.state.fetch(fixture.query).hasMore)
        #expect(fixture.siteComments.count == 60)
        let requests = fixture.server.requestCount(.listComments)
        fixture.dispatcher.dispatch(CommentsAction.loadMore(fixture.query))
        #expect(fixture.server.requestCount(.listComments) == requests, "nothing more to load")
        _ = (receipt, all)
    }

    @Test func releasingTheLastReceiptCancelsTheRequestInFlight() async throws {
        var faults = MockFaults()
        faults.routeLatency = [.listComments: .seconds(5)]
        let fixture = try StoreFixture(faults: faults)
        var receipt: Receipt? = fixture.comments.query(fixture.query)
        #expect(fixture.comments.state.fetch(fixture.query).isLoading)
        receipt = nil
        #expect(fixture.comments.state.fetch(fixture.query).phase == .neverAsked)
        // The cancelled request ends, and a cancelled effect's answer is dropped.
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        #expect(!fixture.log.actions(of: CommentsAction.self).contains { if case .pageLoaded = $0 { true } else { false } })
        #expect(fixture.siteComments.isEmpty)
        #expect(fixture.comments.state.fetch(fixture.query).phase == .neverAsked)
        _ = receipt
    }

    @Test func aFailedLoadIsPublishedWithItsError() async throws {
        var faults = MockFaults()
        faults.offline = true
        let fixture = try StoreFixture(faults: faults)
        let receipt = try await fixture.load()
        let fetch = fixture.comments.state.fetch(fixture.query)
        #expect(fetch.error == .transport(.offline))
        #expect(fixture.comments.state.notice?.kind == .error)
        #expect(fixture.comments.state.notice?.message.hasPrefix("Could not load comments:") == true)
        _ = receipt
    }

    @Test func postTitlesArriveAfterTheCommentsAndNameThePostFilters() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        let posts = Set(fixture.siteComments.allEntries.map(\.post))
        let state = try await fixture.comments.state { ($0.postTitles[fixture.site]?.count ?? 0) == posts.count }
        let titles = fixture.server.posts(site: fixture.site)
        for post in posts {
            #expect(state.postTitle(site: fixture.site, post: post) == titles.first { $0.id == post }?.title)
        }
        #expect(state.postTitle(site: fixture.site, post: 999_999) == "Post #999999")
        let filterTitles = try #require(fixture.filters.state.group(.post)?.filters.map(\.title))
        #expect(!filterTitles.isEmpty)
        #expect(filterTitles.allSatisfy { !$0.hasPrefix("Post #") })
        _ = receipt
    }

    @Test func verifyingCredentialsRecordsWhoWeAre() async throws {
        let fixture = try StoreFixture()
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        let state = try await fixture.comments.state { $0.currentUsers[fixture.site] != nil }
        #expect(state.currentUsers[fixture.site]?.name.isEmpty == false)
    }
}

@MainActor
@Suite struct LoginProblemTests {
    func store(password: String, faults: MockFaults = MockFaults()) throws -> (CommentsStore, MockServer, SiteID) {
        let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 20,
                                                  credentials: MockCredentials(user: "editor", applicationPassword: "right"), faults: faults))
        let site = try #require(server.sites.first)
        // The mock's *.parley host never leaves the process, so plain http is allowed.
        let client = try WordPressClient(restBase: site.restBase, credentials: Credentials(user: "editor", applicationPassword: password),
                                         configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let store = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: Dispatcher())
        return (store, server, site.id)
    }

    /// A visitor may list approved comments only: once the login check says so, parley
    /// asks for those alone, and the list works read-only (it used to ask for every status
    /// and show WordPress's refusal).
    @Test func aWrongPasswordIsALoginProblemAndTheListShowsWhatAVisitorMay() async throws {
        let (store, server, site) = try store(password: "wrong")
        defer { withExtendedLifetime(server) {} }
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        let state = try await store.state { $0.loginProblems[site] != nil }
        #expect(state.loginProblems[site]?.hasPrefix("Not logged in on ") == true)
        let receipt = store.query(CommentsQuery(site: site))
        let loaded = try await store.state { $0.fetch(CommentsQuery(site: site)).phase == .loaded }
        let statuses = Set(loaded.comments(of: site).allEntries.map(\.status))
        #expect(statuses == [.approved])
        _ = receipt
    }

    @Test func aSiteThatCannotAnswerIsNotALoginProblem() async throws {
        var faults = MockFaults()
        faults.offline = true
        let (store, server, site) = try store(password: "right", faults: faults)
        defer { withExtendedLifetime(server) {} }
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        let state = try await store.state { $0.notice != nil }
        #expect(state.loginProblems[site] == nil)
        // The notice names its site as data; the status bar adds the name when another site is shown.
        #expect(state.notice?.message.hasPrefix("Could not check the login: ") == true)
        #expect(state.notice?.site == site)
    }
}

@MainActor
@Suite struct ReloadRemovesWhatTheSiteDeletedTests {
    @Test func aReloadDropsCommentsDeletedOnTheSiteAndKeepsTheirReplies() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let page = fixture.siteComments
        // A comment with a reply on the first page, deleted for good by another moderator.
        let parent = try #require(page.allEntries.first { entry in entry.id > 0 && page.allEntries.contains { $0.parent == entry.id } })
        let reply = try #require(page.allEntries.first { $0.parent == parent.id })
        let other = try fixture.anotherModerator()
        _ = try await other.deletePermanently(id: parent.id)
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.comments.state { $0.comments(of: fixture.site)[parent.id] == nil }
        #expect(fixture.siteComments[parent.id] == nil, "deleted on the site")
        #expect(fixture.siteComments[reply.id]?.parent == parent.parent, "its reply moved up, as WordPress does")
        #expect(fixture.siteComments.allEntries.allSatisfy { fixture.server.comment(site: fixture.site, id: $0.id) != nil },
                "everything listed is on the site")
        _ = receipt
    }

    @Test func aPageOnlyVouchesForTheSpanOfDatesItLists() throws {
        func comment(_ id: Int, minutes: Double) -> CommentsKit.Comment {
            CommentsKit.Comment(id: id, post: 1, authorName: "A", date: Date(timeIntervalSinceReferenceDate: minutes * 60), contentHTML: "<p>x</p>")
        }
        var site = SiteComments()
        site.merge((1...6).map { comment($0, minutes: Double($0)) })
        // Page 2 of 3 lists minutes 5 and 2: 3 and 4 are gone; 1 and 6 lie outside.
        let page = [comment(5, minutes: 5), comment(2, minutes: 2)]
        let window = try #require(LoadingReducer.window(of: CommentPage(comments: page, total: 4, totalPages: 3), page: 2, query: CommentsQuery(site: "s")))
        #expect(site.merge(page, window: window) == 2)
        #expect(site.allEntries.map(\.id).sorted() == [1, 2, 5, 6])
        // An unreadable comment on a page: it vouches for nothing.
        var unreadable = CommentPage(comments: page, total: 4, totalPages: 3)
        unreadable.unreadable = 1
        #expect(LoadingReducer.window(of: unreadable, page: 2, query: CommentsQuery(site: "s")) == nil)
    }

    @Test func aReplyPostedWhileAReloadIsOnItsWaySurvivesTheReload() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved })
        // The reload's answer, made before the reply, reaches the store after it: held on
        // its way (a 400 ms mock latency held it only as long as the machine was quick).
        let hold = ActionHold(on: fixture.dispatcher, holding: CommentsAction.self) { $0.isPageAnswer() }
        defer { hold.end() }
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await hold.arrival(CommentsAction.self) { $0.isPageAnswer() }
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "mine"))
        try await fixture.settled()
        let posted = try #require(fixture.comments.state.postedReplies.values.first)
        hold.release(CommentsAction.self) { $0.isPageAnswer() }
        #expect(!fixture.comments.state.fetch(fixture.query).isLoading)
        #expect(fixture.siteComments[posted] != nil, "the page that left before the reply must not drop it")
        _ = receipt
    }

    @Test func aCommentThatOnlyLeftTheQueryKeepsItsRepliesUnderIt() throws {
        func comment(_ id: Int, parent: Int = 0, minutes: Double, status: CommentStatus = .approved) -> CommentsKit.Comment {
            CommentsKit.Comment(id: id, post: 1, parent: parent, authorName: "A", date: Date(timeIntervalSinceReferenceDate: minutes * 60),
                                contentHTML: "<p>x</p>", status: status)
        }
        var site = SiteComments()
        site.merge([comment(1, minutes: 1), comment(2, parent: 1, minutes: 2), comment(3, parent: 1, minutes: 3, status: .hold)])
        // An approved-only query; on the site, 1 was marked as spam: the page lists only 2.
        let page = [comment(2, parent: 1, minutes: 2)]
        let query = CommentsQuery(site: "s", statuses: [.approved])
        let window = try #require(LoadingReducer.window(of: CommentPage(comments: page, total: 1, totalPages: 1), page: 1, query: query))
        site.merge(page, window: window)
        #expect(site[1] == nil, "not in the query any more")
        #expect(site[3]?.parent == 1, "the site still says 3 answers 1")
    }

    @Test func aPageWithoutTotalsVouchesForNothing() {
        var page = CommentPage(comments: [], total: 0, totalPages: 0)
        page.totalsKnown = false
        #expect(LoadingReducer.window(of: page, page: 1, query: CommentsQuery(site: "s")) == nil)
    }
}
