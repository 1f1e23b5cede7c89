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
    /// How many comments the site matches (`X-WP-Total`); nil until the first page answers.
    public internal(set) var total: Int?
    /// How many pages there are; nil until the first page answers.
    var totalPages: Int?
    /// Pages answered, and pages asked for and not answered yet.
    var pagesLoaded: Set<Int> = []
    var pagesInFlight: Set<Int> = []
    /// Why it stopped short, if it did (what it found so far stays).
    public internal(set) var failure: CommentsError?

    /// Whether every page of the answer is in (the site's matches are all loaded).
    public var isComplete: Bool {
        guard let totalPages else { return false }
        return pagesInFlight.isEmpty && pagesLoaded.count >= totalPages
    }

    /// For the header: "search: 12 on the site" once complete, "searching the site…"
    /// before, "search: loaded comments only" after a failure.
    public var summary: String {
        if failure != nil { return "search: loaded comments only" }
        guard isComplete, let total else { return "searching the site…" }
        return "search: \(count: total) on the site"
    }
}
