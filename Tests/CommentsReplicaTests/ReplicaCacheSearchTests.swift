import Testing
import Foundation
import Flux
import FluxTesting
import PropertyBased
import CommentsKit
@testable import CommentsReplica

/// The replica's index as the app's search (issue 14): a search answers once the writes the
/// store made before it are applied, and through the stores — comments written through a
/// ReplicaCache, read back as the app reads them, searched in the background — it finds
/// exactly what the in-memory reference scan (CommentSearch) finds.
@Suite struct ReplicaCacheSearchTests {
    let site: SiteID = "https://example.com/wp-json/"

    @Test func aSearchWaitsForTheWritesBeforeItAndFindsWhatTheyWrote() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ReplicaCache(directory: directory.url)
        _ = await cache.write(CacheWrite(sequence: 1, site: site, comments: [ReplicaFixtures.comment(1, text: "an old quill")]))
        // Write 3 arrives before write 2; a search through 3 is asked meanwhile.
        async let third = cache.write(CacheWrite(sequence: 3, site: site, comments: [ReplicaFixtures.comment(3, text: "a quill pen")]))
        while await cache.writesWaiting == 0 { await Task.yield() }
        async let found = cache.searchIDs(site: site, matching: "QUILL", through: 3)
        // The search waits (a bounded number of turns: a search that does not wait never
        // shows up here, and the test must fail, not hang).
        var turns = 0
        while await cache.searchesWaitingCount == 0, turns < 100_000 {
            turns += 1
            await Task.yield()
        }
        #expect(await cache.searchesWaitingCount == 1)
        _ = await cache.write(CacheWrite(sequence: 2, site: site, comments: [ReplicaFixtures.comment(2, text: "no match")]))
        #expect(await third == nil)
        #expect(Set(try await found ?? []) == [1, 3])
        // Through a write applied already: answered at once; a short needle is not looked up.
        #expect(try await cache.searchIDs(site: site, matching: "pen", through: 1) == [3])
        #expect(try await cache.searchIDs(site: site, matching: "qu", through: 3) == nil)
    }

    @Test func aSearchCancelledWhileItWaitsEndsWithoutAnAnswer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ReplicaCache(directory: directory.url)
        let search = Task { try await cache.searchIDs(site: site, matching: "quill", through: 5) }
        var turns = 0
        while await cache.searchesWaitingCount == 0, turns < 100_000 {
            turns += 1
            await Task.yield()
        }
        #expect(await cache.searchesWaitingCount == 1)
        search.cancel()
        await #expect(throws: CancellationError.self) { try await search.value }
        #expect(await cache.searchesWaitingCount == 0)
    }

    // MARK: The property: the app's search through the index equals the reference scan

    /// Few letters, so random needles hit often; cases, accents (composed and not),
    /// expansions (ß), scripts without case, emoji, and characters SQL or FTS5 treat specially.
    static let alphabet: [Character] = [
        "a", "A", "b", "e", "E", "é", "É", "e\u{301}", "ß", "s", "S", "ñ", "o", "Ö", "ø", "Σ", "σ",
        "İ", "i", "字", "😀", " ", ".", "@", "%", "_", "\"", "*", "'", "&", "1",
    ]
    static let character = Gen<Character?>.element(of: alphabet).map { $0 ?? "a" }
    static let field = character.string(of: 0...16)
    /// Content, author name, e-mail, URL, IP.
    static let comments = zip(field, field, field, field, field).array(of: 1...24)
    static let needle = character.string(of: 3...6)

    @Test func theIndexedSearchFindsWhatTheReferenceScanFinds() async throws {
        await propertyCheck(count: 30, input: Self.comments, Self.needle.array(of: 6)) { fields, needles in
            do {
                try await check(fields, needles)
            } catch {
                Issue.record("search failed: \(error)")
            }
        }
    }

    /// The input that hung `make test` about once in fifteen runs (issue 35): comments whose
    /// texts are all empty, found by author. The wait for a background search that never
    /// started timed out after two minutes, and the property's shrinking ran it again, and
    /// again.
    @Test func aSiteWhoseTextsAreAllEmptyIsSearchedThroughTheIndexToo() async throws {
        try await check([("", "Sam Σ", "sam@example.com", "", ""), ("", "Ann", "", "", "")], ["sam", "Σ", "ann"])
    }

    @MainActor
    private func check(_ fields: [(String, String, String, String, String)], _ needles: [String]) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ReplicaCache(directory: directory.url)
        let written = fields.enumerated().map { index, field in
            ReplicaFixtures.comment(index + 1, author: field.1, text: field.0, url: field.3,
                                    email: field.2.isEmpty ? nil : field.2, ip: field.4.isEmpty ? nil : field.4)
        }
        #expect(await cache.write(CacheWrite(sequence: 1, site: site, comments: written)) == nil)
        // The app's stores over the replica, every site searched in the background, the
        // first row in memory and the rest through the index.
        let asked = AskedIndex(cache)
        // -1, not 0: a site whose comments all have empty texts holds 0 bytes of text and,
        // above 0, would be searched on the main actor — no background search to wait for.
        let scanner = SearchScanner(backgroundAboveTextBytes: -1) { job, deliver in
            var job = job
            job.firstWindow = 1
            await job.run(deliver: deliver)
        }.searching(in: asked)
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [], dispatcher: dispatcher, cache: cache)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, scanner: scanner)
        dispatcher.dispatch(FilterAction.showSite(site))
        dispatcher.dispatch(CommentsAction.readCache(site: site))
        _ = try await comments.state { $0.cache.reading.isEmpty }
        let shown = comments.state.comments(of: site)
        #expect(shown.count == written.count)
        for needle in needles {
            dispatcher.dispatch(FilterAction.setSearch(needle))
            guard let pattern = CommentSearch.Pattern(needle) else { continue }
            _ = try await filters.state { $0.backgroundSearch?.isComplete == true }
            let reference = Set(shown.allEntries.filter { pattern.matches($0) }.map(\.id))
            let matches = try #require(filters.searchMatches(in: shown))
            let found = Set(zip(shown.rows, matches).filter(\.1).map(\.0.id))
            #expect(found == reference, "needle \(needle.debugDescription)")
        }
        // The index answered (a needle folding to fewer than three characters is scanned).
        if written.count > 1, needles.contains(where: { ReplicaSearchQuery($0)?.usesIndex ?? false }) {
            #expect(await asked.answers > 0)
        }
    }
}

/// The replica cache's index, counting the searches it answered.
private actor AskedIndex: CommentsCache {
    let cache: ReplicaCache
    private(set) var answers = 0

    init(_ cache: ReplicaCache) { self.cache = cache }

    func comments(site: SiteID, limit: Int?) async throws -> [CommentsKit.Comment] { [] }
    func posts(site: SiteID) async throws -> [WordPressPost] { [] }
    func write(_ write: CacheWrite) async -> String? { nil }
    func searchIDs(site: SiteID, matching needle: String, through sequence: Int) async throws -> [Int]? {
        let ids = try await cache.searchIDs(site: site, matching: needle, through: sequence)
        if ids != nil { answers += 1 }
        return ids
    }
}
