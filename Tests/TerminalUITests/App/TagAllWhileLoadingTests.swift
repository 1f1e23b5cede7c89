import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// `X` while the site is still loading (issue 13): what arrives later and is shown gets
/// tagged too, until the load completes; a filter change, Esc Esc or another tagging key
/// ends that; the bulk question says what it includes.
@MainActor
@Suite struct TagAllWhileLoadingTests {
    /// A site larger than a page (15 pages of 100), loading one page at a time, shown with
    /// its first page in and the rest still coming, narrowed to the pending comments.
    @MainActor
    private struct Loading {
        let app: UIHarness
        let site: SiteID
        let query: CommentsQuery
        let receipt: Receipt

        init() async throws {
            app = try UIHarness(width: 100, height: 20, commentsPerSite: 1_500, sites: 1, loadConcurrency: 1)
            site = try #require(app.server.sites.first).id
            app.dispatcher.dispatch(UIAction.showSite(site))
            query = try #require(app.ui.currentQuery)
            receipt = app.comments.query(query)
            let query = query
            _ = try await app.comments.state { $0.fetch(query).pagesLoaded >= 1 }
            app.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        }

        /// Whether pages are still to come (checked before a key that must come during the load).
        var isLoading: Bool {
            let fetch = app.comments.state.fetch(query)
            return fetch.hasMore || fetch.isLoading
        }

        func loaded() async throws {
            let query = query
            _ = try await app.comments.state { $0.fetch(query).isComplete && !$0.fetch(query).isLoading }
        }

        /// The ids of the site's comments with `status`, all of them.
        func ids(_ status: CommentStatus) -> Set<Int> {
            Set(app.comments.state.comments(of: site).allEntries.filter { $0.status == status }.map(\.id))
        }

        var tagged: Set<Int> { app.ui.state.tags.ids(on: site) }

        var question: String? {
            if case .confirm(let confirmation) = app.ui.state.mode { return confirmation.question }
            return nil
        }
    }

    @Test func bigXWhileLoadingEndsWithEveryMatchingCommentOfTheSiteTagged() async throws {
        let loading = try await Loading()
        try #require(loading.isLoading, "X comes while pages are still missing")
        loading.app.press(.character("X"))
        let first = loading.tagged
        #expect(!first.isEmpty)
        #expect(loading.app.ui.state.hint == "Tagged the \(TaggingReducer.comments(first.count)) shown; comments still loading that match will be tagged as they come.")
        try await loading.loaded()
        let pending = loading.ids(.hold)
        #expect(pending.count > first.count, "pending comments arrived after X")
        #expect(loading.tagged == pending, "every pending comment of the site is tagged, and nothing else")
        #expect(loading.app.ui.state.tagFollow == nil, "the load is complete: nothing follows any more")
        #expect(loading.app.screen.split(separator: "\n").first?.contains("\(pending.count) tagged") == true, "the header counts them")
        _ = loading.receipt
    }

    @Test func aFilterChangeAfterBigXTagsNoArrivalThatXDidNotMean() async throws {
        let loading = try await Loading()
        try #require(loading.isLoading)
        loading.app.press(.character("X"))
        let first = loading.tagged
        loading.app.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        try await loading.loaded()
        #expect(!loading.ids(.spam).isEmpty && !loading.ids(.hold).subtracting(first).isEmpty, "both kinds arrived later")
        #expect(loading.tagged == first, "once the filters changed, arrivals are not tagged, spam or pending")
        #expect(loading.app.ui.state.tagFollow == nil)
        _ = loading.receipt
    }

    @Test func escTwiceStopsTheFollowingWithTheTags() async throws {
        let loading = try await Loading()
        try #require(loading.isLoading)
        loading.app.press(.character("X"), .escape, .escape)
        #expect(loading.tagged.isEmpty)
        #expect(loading.app.ui.state.tagFollow == nil)
        try await loading.loaded()
        #expect(loading.tagged.isEmpty, "nothing that arrived afterwards is tagged")
        _ = loading.receipt
    }

    @Test func anotherTaggingKeyStopsTheFollowing() async throws {
        let loading = try await Loading()
        try #require(loading.isLoading)
        loading.app.press(.character("X"), .character("x"))
        let chosen = loading.tagged
        #expect(loading.app.ui.state.tagFollow == nil, "x picks by hand: X no longer follows")
        try await loading.loaded()
        #expect(loading.tagged == chosen)
        _ = loading.receipt
    }

    @Test func theBulkQuestionWhileLoadingSaysLaterArrivalsAreNotInIt() async throws {
        let loading = try await Loading()
        try #require(loading.isLoading)
        loading.app.press(.character("X"), .character("s"))
        let question = try #require(loading.question)
        #expect(question.contains("The site is still loading: comments that arrive after this are not included."), "\(question)")
        #expect(!question.contains("Only loaded"))
        _ = loading.receipt
    }

    @Test func onceEverythingIsLoadedNeitherTheHintNorTheQuestionHasACaveat() async throws {
        let loading = try await Loading()
        try await loading.loaded()
        loading.app.press(.character("X"))
        let count = loading.ids(.hold).count
        #expect(loading.app.ui.state.hint == "Tagged the \(TaggingReducer.comments(count)) shown.")
        #expect(loading.app.ui.state.tagFollow == nil, "nothing is left to follow")
        loading.app.press(.character("s"))
        let question = try #require(loading.question)
        #expect(question == "Spam \(TaggingReducer.comments(count, tagged: true))? One z undoes it all.")
        _ = loading.receipt
    }
}
