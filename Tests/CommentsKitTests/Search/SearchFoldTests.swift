import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit

/// Issue 12, "search never blocks a key": a site's texts are folded for the search before
/// the first search is typed — a page's worth as it is merged, a large import off the main
/// actor, by an effect of the filter store — and whatever the fold has reached, a search
/// finds exactly what the plain scan finds.
@MainActor
@Suite struct SearchFoldTests {
    let site: SiteID = "site-1"
    let dispatcher = Dispatcher()
    let comments: CommentsStore
    let filters: AnnotationFilterStore

    init() {
        comments = CommentsStore(sites: [], dispatcher: dispatcher)
        filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
        dispatcher.dispatch(FilterAction.showSite(site))
    }

    static let words = ["naïve", "Lovelace", "plain", "Zoë", "NAIVE art", "loveless", "élan"]

    /// Comments `ids`, each text naming one of ``words`` (by id, shifted by `variant`).
    static func comments(_ ids: ClosedRange<Int>, variant: Int = 0) -> [CommentsKit.Comment] {
        ids.map { id in
            CommentsKit.Comment(id: id, post: 1 + id % 7, authorName: "Author \(id % 13)", authorURL: "",
                                date: Date(timeIntervalSinceReferenceDate: Double(id) * 60),
                                contentHTML: "<p>Comment \(id) about \(words[(id + variant) % words.count]) things</p>")
        }
    }

    var shown: SiteComments { comments.state.comments(of: site) }

    func importComments(_ batch: [CommentsKit.Comment]) {
        dispatcher.dispatch(CommentsImported(site: site, comments: batch))
    }

    /// The filter store's answer for `needle` equals the plain scan's (no folded texts).
    func expectExactSearch(_ needle: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        dispatcher.dispatch(FilterAction.setSearch(needle))
        let pattern = try #require(CommentSearch.Pattern(needle))
        let reference = shown.rows(matching: pattern)
        #expect(reference.contains(true), "the scan finds \(needle)", sourceLocation: sourceLocation)
        #expect(filters.searchMatches(in: shown) == reference, "\(needle)", sourceLocation: sourceLocation)
    }

    @Test func aLargeImportIsFoldedOffTheMainActorBeforeAnySearch() async {
        let count = SearchMemo.inlineFoldLimit + 500
        importComments(Self.comments(1...count))
        // Nothing folded on the main actor for an import this large…
        #expect(filters.searchMemo.folded.indexedCount == 0)
        await filters.searchFoldSettled()
        // …and, with no search typed, the background's fold is taken at the next change.
        #expect(filters.searchMatches(in: shown) == nil)
        #expect(filters.searchMemo.folded.indexedCount == count)
    }

    @Test func theFoldIsAnEffectWhoseTextsComeBackInAnActionThatChangesNoState() async {
        let count = SearchMemo.inlineFoldLimit + 500
        importComments(Self.comments(1...count))
        #expect(filters.effectsInFlight == 1, "the fold runs as the filter store's effect")
        let stores = TestStores(comments, filters)
        let folded = await stores.receive(FilterAction.self, where: { action in
            if case .searchTextsFolded(let texts) = action { texts.slots == count } else { false }
        })
        #expect(folded != nil)
        await stores.finish()
        #expect(filters.searchMatches(in: shown) == nil)
        #expect(filters.searchMemo.folded.indexedCount == count, "the texts joined the memo")
    }

    @Test func aReplayRunsNoFoldAndSearchesTheSlowWayAlike() async throws {
        dispatcher.effectPolicy = .suppress
        importComments(Self.comments(1...3_000))
        #expect(filters.effectsInFlight == 0)
        await filters.searchFoldSettled()
        try expectExactSearch("naive")
        try expectExactSearch("lovel")
        #expect(filters.searchMemo.folded.indexedCount == 0, "nothing was folded off the main actor")
        // A fold the recording kept comes back empty: nothing joins the memo, nothing breaks.
        let recorded = try JSONDecoder().decode(FilterAction.self, from: JSONEncoder().encode(
            FilterAction.searchTextsFolded(FoldedSearchTexts(FoldedTexts()))))
        dispatcher.dispatch(recorded)
        try expectExactSearch("naive")
        #expect(filters.searchMemo.folded.indexedCount == 0)
    }

    @Test func aPageMergedIsFoldedAsItArrivesWithoutASearch() {
        importComments(Self.comments(1...500))
        #expect(filters.searchMemo.folded.indexedCount == 500)
        importComments(Self.comments(501...600))
        #expect(filters.searchMemo.folded.indexedCount == 600)
    }

    @Test func resultsEqualTheScanBeforeAndAfterTheFoldIsBack() async throws {
        importComments(Self.comments(1...3_000))
        // The background fold may or may not be back: the answer is the same.
        try expectExactSearch("naive")
        try expectExactSearch("love")
        await filters.searchFoldSettled()
        try expectExactSearch("lovel")
        try expectExactSearch("naive")
        #expect(filters.searchMemo.folded.indexedCount == 3_000)
    }

    @Test func pagesArrivingWhileSearchingKeepTheResultsExact() async throws {
        dispatcher.dispatch(FilterAction.setSearch("zo"))
        importComments(Self.comments(1...2_500))
        try expectExactSearch("zoe")
        for first in stride(from: 2_501, to: 3_000, by: 100) {
            importComments(Self.comments(first...(first + 99)))
            try expectExactSearch("zoe")
        }
        await filters.searchFoldSettled()
        // Texts edited on the site: the slots folded before are stale, the scan is not.
        importComments(Self.comments(1...300, variant: 3))
        try expectExactSearch("zoe")
        try expectExactSearch("e")
        try expectExactSearch("el")
        try expectExactSearch("elan")
        importComments(Self.comments(3_001...3_100))
        try expectExactSearch("elan")
        await filters.searchFoldSettled()
        try expectExactSearch("ela")
        #expect(filters.searchMemo.folded.indexedCount == 3_100)
    }
}
