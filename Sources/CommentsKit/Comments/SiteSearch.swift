/// A search that asks the site (`search=`) while its comments are still loading, so
/// that comments not loaded yet are found at once (``SiteSearchReducer``).
public struct SiteSearch: Equatable, Sendable {
    /// What is looked for (trimmed, never empty).
    public let term: String
    /// The statuses asked for (the filters' Status selection).
    public let statuses: Set<CommentStatus>
    /// Names this search's requests: an answer to an older search is dropped.
    let ticket: Int
    /// The local-write revision when it started: an answer does not overwrite a comment
    /// changed here since.
    let revision: Int
    /// One search per kind asked: WordPress lists one type a request, and a reader may
    /// ask for comments only.
    var parts: [CommentKind: Part]
    /// Why it stopped short, if it did (what it found so far stays).
    public internal(set) var failure: CommentsError?

    /// The search of one kind: its pages, as the site counts them for that kind.
    struct Part: Equatable, Sendable {
        /// How many of this kind the site matches (`X-WP-Total`); nil until page 1 answers.
        var total: Int?
        /// How many pages there are; nil until page 1 answers.
        var totalPages: Int?
        /// Pages answered, and pages asked for and not answered yet.
        var pagesLoaded: Set<Int> = []
        var pagesInFlight: Set<Int> = []

        /// Whether every page of this kind's answer is in.
        var isComplete: Bool {
            guard let totalPages else { return false }
            return pagesInFlight.isEmpty && pagesLoaded.count >= totalPages
        }
    }

    /// A search of `kinds`, none of them asked yet.
    init(term: String, statuses: Set<CommentStatus>, kinds: [CommentKind], ticket: Int, revision: Int) {
        self.term = term
        self.statuses = statuses
        self.ticket = ticket
        self.revision = revision
        parts = Dictionary(uniqueKeysWithValues: kinds.map { ($0, Part()) })
    }

    /// How many comments the site matches, every kind asked together (the sum of their
    /// `X-WP-Total`); nil until each kind's first page answers.
    public var total: Int? {
        let totals = parts.values.compactMap(\.total)
        return totals.count == parts.count ? totals.reduce(0, +) : nil
    }

    /// Whether every page of every kind's answer is in (the site's matches are all loaded).
    public var isComplete: Bool {
        !parts.isEmpty && parts.values.allSatisfy(\.isComplete)
    }

    /// For the header: "search: 12 on the site" once complete, "searching the site…"
    /// before, "search: loaded comments only" after a failure.
    public var summary: String {
        if failure != nil { return "search: loaded comments only" }
        guard isComplete, let total else { return "searching the site…" }
        return "search: \(count: total) on the site"
    }
}
