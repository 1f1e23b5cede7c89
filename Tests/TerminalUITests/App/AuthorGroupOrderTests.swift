import Foundation
import Testing
import CommentsKit
@testable import TerminalUI

/// The Author group lists its authors most comments first, then by name, by the counts
/// it shows — while the site loads as well as once it is loaded (the review found it out
/// of order while loading: it was sorted by every status's comments but showed the
/// approved and pending ones).
@MainActor
@Suite struct AuthorGroupOrderTests {
    /// The listed authors' (or posts') (count, name), "Others" aside.
    private func listed(_ app: UIHarness, _ id: FilterGroupID = .author) throws -> [(count: Int, name: String)] {
        let group = try #require(app.filters.state.group(id))
        return group.filters.filter { $0.id != .otherAuthors }.map { ($0.count, $0.title) }
    }

    private func isSorted(_ authors: [(count: Int, name: String)]) -> Bool {
        zip(authors, authors.dropFirst()).allSatisfy { $0.count != $1.count ? $0.count > $1.count : $0.name <= $1.name }
    }

    @Test func authorsAreSortedByTheirShownCountWhileLoadingAndOnceLoaded() async throws {
        let app = try UIHarness(commentsPerSite: 3_000, sites: 1, loadConcurrency: 1)
        let site = try #require(app.server.sites.first).id
        app.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(app.ui.currentQuery)
        let receipt = app.comments.query(query)
        _ = try await app.comments.state { $0.fetch(query).pagesLoaded >= 3 }
        // A key counts the pages that arrived (as the next frame would).
        app.press(.character("j"))
        if !app.comments.state.fetch(query).isComplete {
            let whileLoading = try listed(app)
            #expect(isSorted(whileLoading), "while loading: \(whileLoading)")
        }
        _ = try await app.comments.state { $0.fetch(query).isComplete && !$0.fetch(query).isLoading }
        app.press(.character("j"))
        let loaded = try listed(app)
        #expect(loaded.count > 2)
        #expect(isSorted(loaded), "once loaded: \(loaded)")
        _ = receipt
    }

    @Test func withPendingOnTheAuthorsFollowTheirPendingCounts() async throws {
        let app = try UIHarness(commentsPerSite: 600, sites: 1)
        try await app.start()
        app.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        let authors = try listed(app)
        #expect(isSorted(authors), "\(authors)")
    }

    /// The Post group had the same fault (found by the review of the Author group's fix).
    @Test func postsAreSortedByTheirShownCountsToo() async throws {
        let app = try UIHarness(commentsPerSite: 600, sites: 1)
        try await app.start()
        for toggle in [false, true] {
            if toggle { app.dispatcher.dispatch(FilterAction.toggle(.status(.hold))) }
            let posts = try listed(app, .post)
            #expect(posts.count > 2)
            #expect(isSorted(posts), "\(toggle ? "with Pending: " : "")\(posts)")
        }
    }
}
