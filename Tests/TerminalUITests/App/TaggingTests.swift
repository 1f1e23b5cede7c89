import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// Tagging for bulk actions (issue 13): `x`, `X`, the `*` mark, "N tagged", Esc twice.
@MainActor
@Suite struct TaggingTests {
    private func site(_ app: UIHarness) throws -> SiteID { try #require(app.ui.state.site) }

    /// The loaded comments by the author of `entry`.
    private func byAuthor(of entry: CommentEntry, _ app: UIHarness) throws -> [CommentEntry] {
        try app.comments.state.comments(of: site(app)).allEntries
            .filter { entry.author != 0 ? $0.author == entry.author : ($0.author == 0 && $0.authorName == entry.authorName) }
    }

    /// Moves the cursor down to the first comment whose author's comments (all of them)
    /// satisfy `wanted`: the seed's first row may be its author's only comment (its spam
    /// comes from spammers since issue 30).
    private func selectAuthor(_ app: UIHarness, where wanted: ([CommentEntry]) -> Bool) throws -> CommentEntry {
        for _ in 0..<40 {
            let entry = try #require(app.selected)
            if wanted(try byAuthor(of: entry, app)) { return entry }
            app.press(.character("j"))
        }
        Issue.record("no author in the first 40 rows has what the test needs")
        return try #require(app.selected)
    }

    @Test func xTagsTheCursorsCommentMarksItAndMovesDownAndXAgainUntags() async throws {
        let app = try UIHarness(width: 100, height: 20)
        try await app.start()
        let site = try site(app)
        let first = try #require(app.selected).id
        app.press(.character("x"))
        #expect(app.ui.state.tags.ids(on: site) == [first])
        #expect(app.ui.state.cursor != first, "x moves down, as mutt's t does")
        let lines = app.screen.split(separator: "\n")
        #expect(lines.first?.contains("1 tagged") == true, "the header counts the tags")
        #expect(lines.dropFirst().first?.hasPrefix("*") == true, "the tagged row is marked with a character")
        #expect(lines.dropFirst(2).first?.hasPrefix(" ") == true, "an untagged row is not")
        app.press(.character("k"), .character("x"))
        #expect(app.ui.state.tags.ids(on: site).isEmpty)
        #expect(app.screen.contains("tagged") == false)
    }

    @Test func bigXTagsOnlyWhatTheFiltersShowAndAgainUntagsIt() async throws {
        let app = try UIHarness(width: 100, height: 20)
        try await app.start()
        let site = try site(app)
        app.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        let shown = Set(app.visible.rows(site: site).map(\.id))
        let all = app.comments.state.comments(of: site).allEntries
        #expect(!shown.isEmpty && shown.count < all.count, "the filter narrows the list")
        app.press(.character("X"))
        #expect(app.ui.state.tags.ids(on: site) == shown)
        #expect(all.filter { app.ui.state.tags.contains($0.id, on: site) }.allSatisfy { $0.status == .hold })
        #expect(app.ui.state.hint == "Tagged the \(shown.count) comments shown.", "everything is loaded: no caveat")
        #expect(app.screen.contains("\(shown.count) tagged"))
        app.press(.character("X"))
        #expect(app.ui.state.tags.ids(on: site).isEmpty, "everything shown was tagged: X untags it")
    }

    @Test func tagsSurviveAFilterChangeAndAReload() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try site(app)
        app.press(.character("x"), .character("x"))
        let tagged = app.ui.state.tags.ids(on: site)
        app.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
        app.dispatcher.dispatch(FilterAction.clearAll)
        app.press(.character("R"))
        try await app.follow()
        #expect(app.ui.state.tags.ids(on: site) == tagged)
        #expect(app.screen.contains("2 tagged"))
    }

    @Test func escTwiceClearsTheTagsAndAnotherKeyInBetweenDisarms() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try site(app)
        app.press(.character("x"), .character("x"), .escape)
        #expect(app.ui.state.tags.ids(on: site).count == 2, "a first Esc only asks")
        #expect(app.ui.state.hint == "Esc again clears the 2 tags.")
        app.press(.character("j"), .escape)
        #expect(app.ui.state.tags.ids(on: site).count == 2, "j in between: the next Esc asks again")
        app.press(.escape)
        #expect(app.ui.state.tags.ids(on: site).isEmpty)
    }

    @Test func theHelpListsTheTaggingKeys() async throws {
        let app = try UIHarness(width: 132, height: 60)
        try await app.start()
        app.press(.character("?"))
        #expect(app.screen.contains("tag / untag"))
        #expect(app.screen.contains("tag all shown"))
    }

    @Test func bigTTagsOnlyTheAuthorsCommentsShownSoSpamYesLeavesTheTrashedAlone() async throws {
        // Issue 27: T tagged the author's comments in the trash, which the list did not
        // show, and `s y` then moved them into Spam.
        let app = try UIHarness()
        try await app.start()
        let site = try site(app)
        let author = try selectAuthor(app) { comments in comments.count > 1 && comments.allSatisfy { $0.status == .approved || $0.status == .hold } }
        let all = Set(try byAuthor(of: author, app).map(\.id))
        let trashed = try #require(all.first { $0 != author.id })
        app.dispatcher.dispatch(CommentsAction.trash(site: site, id: trashed))
        try await app.settled()
        app.dispatcher.dispatch(FilterAction.toggle(.status(.approved)))
        app.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        let shown = Set(app.visible.rows(site: site).map(\.id))
        try #require(shown.contains(author.id) && !shown.contains(trashed))
        app.press(.character("T"))
        let tagged = app.ui.state.tags.ids(on: site)
        #expect(tagged == all.intersection(shown))
        let hidden = all.subtracting(shown).count
        let name = author.authorName
        #expect(app.ui.state.hint == "Tagged the \(TaggingReducer.comments(tagged.count)) by \(name) shown; \(hidden) more in Trash "
            + "\(hidden == 1 ? "is" : "are") hidden by the filters — T again tags them too.")
        app.press(.character("s"), .character("y"))
        try await app.settled()
        _ = try await app.comments.state { $0.bulk == nil }
        #expect(app.server.comment(site: site, id: trashed)?.status == .trash, "the trashed comment stays in the trash")
        for id in tagged { #expect(app.server.comment(site: site, id: id)?.status == .spam) }
    }

    @Test func bigTAgainWithTheSameFiltersTagsTheHiddenTooAndAFilterChangeForgetsIt() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try site(app)
        let author = try selectAuthor(app) { comments in Set(comments.map(\.status)).count > 1 }
        let all = Set(app.comments.state.comments(of: site).allEntries.filter { $0.author == author.author && $0.authorName == author.authorName }.map(\.id))
        app.dispatcher.dispatch(FilterAction.toggle(.status(author.status)))
        let shown = Set(app.visible.rows(site: site).map(\.id))
        try #require(!all.subtracting(shown).isEmpty, "the seed gives this author comments of another status")
        app.press(.character("T"))
        #expect(app.ui.state.tags.ids(on: site) == all.intersection(shown))
        app.dispatcher.dispatch(FilterAction.toggle(.status(author.status)))
        app.dispatcher.dispatch(FilterAction.toggle(.status(author.status)))
        #expect(app.ui.state.tagWidening != nil, "toggled back: the same filters")
        app.dispatcher.dispatch(FilterAction.clearAll)
        app.press(.character("T"))
        #expect(app.ui.state.hint?.hasPrefix("Tagged all") == false, "other filters: T tags what they show, as a first T")
        app.dispatcher.dispatch(FilterAction.toggle(.status(author.status)))
        app.press(.character("T"), .character("T"))
        #expect(app.ui.state.tags.ids(on: site) == all)
        #expect(app.ui.state.hint?.hasPrefix("Tagged all \(TaggingReducer.comments(all.count)) by") == true)
    }

    @Test func bigTTagsEveryLoadedCommentByTheCursorsAuthorWhenTheFiltersHideNone() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try site(app)
        let author = try selectAuthor(app) { $0.count > 1 }
        app.press(.character("T"))
        let expected = Set(app.comments.state.comments(of: site).allEntries
            .filter { author.author != 0 ? $0.author == author.author : ($0.author == 0 && $0.authorName == author.authorName) }
            .map(\.id))
        #expect(expected.count > 1, "the seed gives this author several comments")
        #expect(app.ui.state.tags.ids(on: site) == expected)
        #expect(app.ui.state.hint?.contains("by \(author.authorName)") == true)
        // Every comment is loaded (40, one page): no "loaded comments only" caveat.
        #expect(app.ui.state.hint?.contains("loaded comments only") == false)
    }

    @Test func bigTWhileTheSiteIsStillLoadingSaysItTaggedTheLoadedOnly() async throws {
        // 300 comments, pages of 100, the rest not asked for: the count may grow.
        let app = try UIHarness(commentsPerSite: 300)
        try await app.start()
        app.press(.character("T"))
        #expect(app.ui.state.hint?.contains("(loaded comments only)") == true)
    }

    @Test func bigTOnAnAuthorOfTheFilterPanelTagsTheirCommentsShownThenAll() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try site(app)
        app.press(.character("f"))
        app.press(.character("T"))
        #expect(app.ui.state.tags.ids(on: site).isEmpty, "on a group heading T only explains")
        #expect(app.ui.state.hint?.contains("highlight one in the Author group") == true)
        for _ in 0..<20 {
            if case .group(.author)? = app.ui.state.filterCursorID { break }
            app.press(.character("j"))
        }
        try #require(app.ui.state.filterCursorID == .group(.author))
        app.press(.enter, .character("j"))
        guard case .filter(.author(let name))? = app.ui.state.filterCursorID else {
            Issue.record("the first line of the Author group is an author")
            return
        }
        app.press(.character("T"))
        let expected = Set(app.comments.state.comments(of: site).allEntries.filter { $0.authorName == name }.map(\.id))
        let shown = Set(app.visible.rows(site: site).map(\.id))
        #expect(!expected.isEmpty)
        #expect(app.ui.state.tags.ids(on: site) == expected.intersection(shown), "those the list shows")
        app.press(.character("T"))
        #expect(app.ui.state.tags.ids(on: site) == expected, "again: all of them")
    }
}

