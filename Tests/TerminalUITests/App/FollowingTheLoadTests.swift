import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit
@testable import TerminalUI

/// The interface follows a background load once per frame, not once per page: a page of
/// a load under way leaves the cursor, the scroll and the detail pane as they were
/// (``UIState/isBehindLoad``), and the next frame (``UIAction/frame``) or key (other than a
/// move within the list as shown: ``MayLagBehindLoad``) catches up,
/// the cursor keeping its comment and its screen row.
///
/// The pages are answered here, as actions carrying the tickets the state holds; the
/// requests themselves go to a mock that never answers in time.
@MainActor
@Suite struct FollowingTheLoadTests {
    static let pageSize = 10

    /// The app's stores over a mock site whose answers never come, 80×16, the site shown.
    @MainActor
    struct App {
        let server: MockServer
        let site: SiteID
        let dispatcher = Dispatcher()
        let comments: CommentsStore
        let ui: UIStore
        let receipt: Receipt
        var query: CommentsQuery { CommentsQuery(site: site) }

        init() throws {
            server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: 1))
            server.faults = MockFaults(latency: .seconds(3600))
            let mock = try #require(server.sites.first)
            site = mock.id
            let client = try WordPressClient(restBase: mock.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet)
            comments = CommentsStore(sites: [SiteConnection(id: site, name: mock.name, client: client)], dispatcher: dispatcher,
                                     pageSize: FollowingTheLoadTests.pageSize, loadConcurrency: 4)
            let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
            let visible = VisibleCommentsSelector(comments: comments, filters: filters)
            ui = UIStore(comments: comments, filters: filters, visible: visible, dispatcher: dispatcher, settleClock: TestClock())
            dispatcher.dispatch(UIAction.resize(width: 80, height: 16))
            dispatcher.dispatch(UIAction.showSite(site))
            receipt = comments.query(CommentsQuery(site: site))
        }

        /// Answers page `page` of a site of `total` comments numbered newest first (id 1
        /// newest, an hour apart).
        func answer(_ page: Int, of total: Int) throws {
            let ticket = try #require(comments.state.requests.fetches[query]?[page]?.id, "page \(page) is not in flight")
            let ids = ((page - 1) * FollowingTheLoadTests.pageSize + 1)...min(total, page * FollowingTheLoadTests.pageSize)
            let answer = CommentPage(comments: ids.map { id in
                CommentsKit.Comment(id: id, post: 1, parent: 0, author: 0, authorName: "a", authorURL: "",
                                    date: Date(timeIntervalSinceReferenceDate: 700_000_000 - Double(id) * 3600),
                                    contentHTML: "<p>c\(id)</p>", link: "", status: .approved, type: "comment")
            }, total: total, totalPages: (total + FollowingTheLoadTests.pageSize - 1) / FollowingTheLoadTests.pageSize)
            dispatcher.dispatch(CommentsAction.pageLoaded(query: query, page: page, ticket: ticket, result: .success(answer)))
        }

        /// The cursor on comment 25 (page 3), pages 1 and 3 in, page 2 (the ten comments
        /// above it) still out.
        func cursorOnAPage3Comment() throws {
            try answer(1, of: 60)
            try answer(3, of: 60)
            dispatcher.dispatch(UIAction.frame)
            while ui.state.cursor != 25 { dispatcher.dispatch(UIAction.move(.down)) }
            #expect(ui.state.cursorIndex == 14)
        }

        var screenRow: Int { ui.state.cursorIndex - ui.state.scrollTop }
    }

    @Test func aPageOfTheLoadLeavesTheCursorAsItWasUntilTheFrameCatchesUp() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        let screenRow = app.screenRow
        try app.answer(2, of: 60)
        #expect(app.comments.state.fetch(app.query).isLoading)
        #expect(app.ui.state.isBehindLoad)
        #expect(app.ui.state.cursorIndex == 14, "not followed on its own")
        app.dispatcher.dispatch(UIAction.frame)
        #expect(!app.ui.state.isBehindLoad)
        #expect(app.ui.state.cursor == 25 && app.ui.state.cursorIndex == 24, "the cursor keeps its comment")
        #expect(app.screenRow == screenRow, "and its screen row")
    }

    @Test func aKeyAfterPagesOfTheLoadMovesFromTheCursorsComment() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        try app.answer(2, of: 60)
        #expect(app.ui.state.isBehindLoad)
        app.dispatcher.dispatch(UIAction.move(.down))
        #expect(app.ui.state.cursor == 26, "one down from comment 25, not from the row it was on before page 2")
        // A move works on the list as shown; the next frame catches up (KeysDuringTheLoadTests).
        #expect(app.ui.state.isBehindLoad)
    }

    @Test func theLastPageOfTheLoadIsFollowedAtOnce() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.answer(1, of: 30)
        try app.answer(3, of: 30)
        #expect(app.ui.state.isBehindLoad)
        try app.answer(2, of: 30)
        #expect(!app.comments.state.fetch(app.query).isLoading)
        #expect(!app.ui.state.isBehindLoad)
        #expect(app.ui.rows.count == 30)
    }
}
