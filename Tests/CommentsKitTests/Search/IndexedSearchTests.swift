import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit

/// Issue 14, "search in an index": the background search of a site kept in a cache asks the
/// cache's index for the rows after its first window (``SearchIndexQuery``), tests in memory
/// what the cache may hold other text for (a local edit, a local reply), is cancelled by
/// the next key, and scans when the cache cannot answer.
@MainActor
@Suite struct IndexedSearchTests {
    let site: SiteID = "site-1"

    /// A cache double whose index answers from its own copy of the comments (the copy the
    /// store read), with CommentSearch's matching; it can hold its first search at a gate,
    /// or fail every search.
    actor IndexDouble: CommentsCache {
        private var copy: [Int: CommentsKit.Comment]
        let gate = TestGate()
        private let holdsFirst: Bool
        private let fails: Bool
        private(set) var searches: [String] = []
        private(set) var answered: [String] = []

        init(_ comments: [CommentsKit.Comment], holdsFirst: Bool = false, fails: Bool = false) {
            copy = Dictionary(comments.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
            self.holdsFirst = holdsFirst
            self.fails = fails
        }

        func comments(site: SiteID, limit: Int?) async throws -> [CommentsKit.Comment] {
            let all = copy.values.sorted { $0.id > $1.id }
            return limit.map { Array(all.prefix($0)) } ?? all
        }
        func posts(site: SiteID) async throws -> [WordPressPost] { [] }
        func write(_ write: CacheWrite) async -> String? {
            for comment in write.comments { copy[comment.id] = comment }
            return nil
        }

        func searchIDs(site: SiteID, matching needle: String, through sequence: Int) async throws -> [Int]? {
            searches.append(needle)
            if holdsFirst, searches.count == 1 { await gate.wait() }
            if fails { throw CancellationError() }
            guard let pattern = CommentSearch.Pattern(needle) else { return nil }
            answered.append(needle)
            return copy.values.filter { pattern.matches(CommentEntry($0)) }.map(\.id)
        }
    }

    /// The stores over `cache`'s comments read into memory (the site kept), searching every
    /// site in the background with a first window of `firstWindow` rows, logging batches.
    @MainActor
    struct Rig {
        let dispatcher = Dispatcher()
        let comments: CommentsStore
        let filters: AnnotationFilterStore
        let log = ScanLog()
        let site: SiteID

        init(site: SiteID, cache: IndexDouble, firstWindow: Int = 16) async throws {
            self.site = site
            let log = self.log
            let scanner = SearchScanner(backgroundAboveTextBytes: 0) { job, deliver in
                await log.started(job, onMainThread: false)
                var job = job
                job.firstWindow = firstWindow
                await job.run { batch in
                    await log.delivered(batch)
                    await deliver(batch)
                }
                await log.finished(job.ticket, cancelled: Task.isCancelled)
            }.searching(in: cache)
            comments = CommentsStore(sites: [], dispatcher: dispatcher, cache: cache)
            filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, scanner: scanner)
            dispatcher.dispatch(FilterAction.showSite(site))
            dispatcher.dispatch(CommentsAction.readCache(site: site))
            _ = try await comments.state { $0.cache.reading.isEmpty }
        }

        var shown: SiteComments { comments.state.comments(of: site) }

        func reference(_ needle: String) throws -> [Bool] {
            shown.rows(matching: try #require(CommentSearch.Pattern(needle)))
        }

        func search(_ text: String) { dispatcher.dispatch(FilterAction.setSearch(text)) }

        func complete() async throws {
            _ = try await filters.state { $0.backgroundSearch?.isComplete == true }
        }
    }

    @Test func aKeptSiteIsSearchedThroughItsIndexAndFindsWhatTheScanFinds() async throws {
        let cache = IndexDouble(SearchFoldTests.comments(1...500))
        let rig = try await Rig(site: site, cache: cache)
        #expect(rig.shown.count == 500)
        for needle in ["naive", "zoe", "Author 1", "nowhere"] {
            rig.search(needle)
            try await rig.complete()
            #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference(needle)), "\(needle)")
        }
        #expect(await cache.answered == ["naive", "zoe", "Author 1", "nowhere"])
    }

    @Test func needlesUnderThreeCharactersAreScannedNotLookedUp() async throws {
        let cache = IndexDouble(SearchFoldTests.comments(1...200))
        let rig = try await Rig(site: site, cache: cache)
        rig.search("zo")
        try await rig.complete()
        #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference("zo")))
        #expect(await cache.searches.isEmpty)
    }

    @Test func theNextKeyCancelsTheIndexQueryInFlightAndItsLateAnswerIsDropped() async throws {
        let cache = IndexDouble(SearchFoldTests.comments(1...500), holdsFirst: true)
        let rig = try await Rig(site: site, cache: cache)
        rig.search("naive")
        _ = try await rig.filters.state { _ in true }
        while await cache.searches.isEmpty { await Task.yield() }
        rig.search("zoe")
        try await rig.complete()
        let answered = rig.filters.state
        #expect(answered.backgroundSearch?.ticket == 2)
        #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference("zoe")))
        // The first search's query, let go now, answers into a cancelled task: nothing of
        // it reaches the list.
        await cache.gate.open()
        #expect(await rig.log.waitFinished(1) == true)
        #expect(await rig.log.batches(of: 1).allSatisfy { !$0.isComplete })
        #expect(rig.filters.state == answered)
    }

    @Test func aSearchTheCacheCannotAnswerFallsBackToTheScan() async throws {
        let cache = IndexDouble(SearchFoldTests.comments(1...500), fails: true)
        let rig = try await Rig(site: site, cache: cache)
        rig.search("naive")
        try await rig.complete()
        let reference = try rig.reference("naive")
        #expect(reference.contains(true))
        #expect(rig.filters.searchMatches(in: rig.shown) == reference)
        #expect(await cache.searches == ["naive"])
        #expect(rig.comments.state.notice == nil, "no error is shown for a search")
    }

    /// A comment whose text memory changed before the cache was written (an edit on its way:
    /// marked), and a reply written here (a negative id, never in the cache), are found by
    /// their text in memory, whatever the index holds for them.
    @Test func aLocalEditAndALocalReplyAreFoundByTheirTextInMemory() async throws {
        let stored = SearchFoldTests.comments(1...300)
        var site = SiteComments()
        site.merge(stored)
        site.modify(7) { entry in
            entry.setContent(html: "<p>now about quixotic things</p>", raw: nil)
            entry.mark = .updating
        }
        let reply = CommentsKit.Comment(id: -1, post: 1, parent: 3, authorName: "Me", date: Date(timeIntervalSinceReferenceDate: 1e9),
                                        contentHTML: "<p>a quixotic reply</p>")
        site.insert(CommentEntry(reply, mark: .sending))
        // The cache still holds comment 7's old text, and not the reply.
        let cache = IndexDouble(stored)
        let pattern = try #require(CommentSearch.Pattern("quixotic"))
        var job = SearchJob(site: site, pattern: pattern, ticket: 1, candidates: nil)
        job.firstWindow = 1
        job.index = SearchIndexQuery(cache: cache, site: self.site, needle: "quixotic", through: 0)
        let found = Locked<[Int32]>([])
        await job.run { batch in found.withLock { $0 += batch.slots } }
        let ids = Set(found.withLock { $0 }.map { site.rowSlot.firstIndex(of: $0).map { site.rows[$0].id } ?? 0 })
        #expect(ids == [7, -1])
        #expect(await cache.answered == ["quixotic"])
        // And the old text of 7, which the index holds, no longer finds it.
        let old = try #require(SearchFoldTests.comments(7...7).first.map { CommentEntry($0).text })
        let word = try #require(old.split(separator: " ").dropFirst(3).first.map(String.init))
        job = SearchJob(site: site, pattern: try #require(CommentSearch.Pattern(word)), ticket: 2, candidates: nil)
        job.firstWindow = 1
        job.index = SearchIndexQuery(cache: cache, site: self.site, needle: word, through: 0)
        let again = Locked<[Int32]>([])
        await job.run { batch in again.withLock { $0 += batch.slots } }
        let reference = site.rows(matching: try #require(CommentSearch.Pattern(word)))
        let expected = zip(site.rowSlot, reference).filter(\.1).map(\.0)
        #expect(again.withLock { $0 } == expected)
        #expect(!expected.contains(Int32(try #require(site.table.slot(of: 7)))))
    }
}
