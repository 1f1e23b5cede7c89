/// Which sites are searched off the main actor, and how (``BackgroundSearch``).
///
/// The rule: a site whose texts hold more than ``backgroundAboveTextBytes`` bytes
/// (uncompressed). The default is where ``FoldedTexts`` stops keeping a folded copy
/// (``TextStore/compressionThreshold``, 64 MB): below it a keystroke is a `memchr` scan of
/// the folded texts, a few milliseconds at 100,000 comments, cheaper on the main actor than
/// a round trip through an effect; above it (a million comments) every keystroke would
/// decompress and fold every text, 0.6–1.8 s. Tests lower the threshold to see the
/// background search at work on a few comments, and replace the scan to hold it midway.
public struct SearchScanner: Sendable {
    /// Sites with more text than this (bytes, uncompressed) are searched in the background
    /// (-1: every site, even one whose comments all have empty texts).
    public let backgroundAboveTextBytes: Int
    /// The cache whose index answers the searches of the sites it keeps
    /// (``CommentsCache/searchIDs(site:matching:through:)``); nil: every search scans.
    public private(set) var index: (any CommentsCache)?
    /// Runs a job, handing each batch to `deliver` (which awaits the main actor).
    let scan: @Sendable (SearchJob, _ deliver: @escaping @Sendable (SearchBatch) async -> Void) async -> Void

    /// A scanner for sites above `backgroundAboveTextBytes`, running jobs with `scan`
    /// (tests wrap ``SearchJob/run(deliver:)`` to hold or watch it).
    public init(
        backgroundAboveTextBytes: Int,
        scan: @escaping @Sendable (SearchJob, _ deliver: @escaping @Sendable (SearchBatch) async -> Void) async -> Void = { job, deliver in
            await job.run(deliver: deliver)
        }
    ) {
        self.backgroundAboveTextBytes = backgroundAboveTextBytes
        self.scan = scan
    }

    /// The app's scanner: in the background where the texts are not kept folded.
    public static let standard = SearchScanner(backgroundAboveTextBytes: TextStore.compressionThreshold)

    /// Whether a search of `site` runs in the background.
    func inBackground(_ site: SiteComments) -> Bool {
        site.table.textBytes.raw > backgroundAboveTextBytes
    }

    /// This scanner, asking `cache`'s index for the sites it keeps (parley's replica).
    public func searching(in cache: (any CommentsCache)?) -> SearchScanner {
        var scanner = self
        scanner.index = cache
        return scanner
    }

    /// Where a background search for `text` on `site` asks the index: a site kept in the
    /// cache (``CacheStanding/kept``) whose copy has not failed, and a needle of three
    /// characters or more (the trigram index's shortest; shorter ones fill a screen from
    /// the scan's first window anyway). Nil: the search scans.
    func indexQuery(for text: String, site: SiteID, cache standing: CacheStanding) -> SearchIndexQuery? {
        guard let index, standing.kept.contains(site), !standing.failed.contains(site),
              let pattern = CommentSearch.Pattern(text), pattern.characterCount >= 3 else { return nil }
        return SearchIndexQuery(cache: index, site: site, needle: text, through: standing.lastWrite)
    }
}

/// One background search: a snapshot of the site's comments (copy-on-write columns: taking
/// it copies nothing), the needle, and when typing narrows a complete earlier answer, the
/// slots that answer found (only those can match the longer needle).
public struct SearchJob: Sendable {
    let site: SiteComments
    let pattern: CommentSearch.Pattern
    let ticket: Int
    let candidates: [Int32]?
    /// Where the rows after the first window are looked up instead of scanned (a site kept
    /// in a cache that can search); nil: scanned.
    var index: SearchIndexQuery?
    /// The first window of the list scanned (rows); the next is sixteen times larger, the
    /// last the rest. Public for tests, which shrink it to see the later windows (or the
    /// index) at work on a few comments.
    public var firstWindow = SearchJob.firstWindow

    /// Rows in the first window: a few screenfuls of matches for a common needle, a few
    /// milliseconds of scan for any.
    static let firstWindow = 2_048

    /// Scans the snapshot (off the main actor: nonisolated and async), delivering what it
    /// found window by window, in list order, the last batch marked complete; returns
    /// early, delivering nothing more, once its task is cancelled.
    public func run(deliver: @Sendable (SearchBatch) async -> Void) async {
        let ticket = self.ticket
        await site.scan(matching: pattern, among: candidates, firstWindow: firstWindow, index: index) { slots, isComplete in
            await deliver(SearchBatch(ticket: ticket, slots: slots, isComplete: isComplete))
        }
    }
}
