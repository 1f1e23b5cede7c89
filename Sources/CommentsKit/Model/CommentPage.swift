/// One page of a comment list with the totals from `X-WP-Total` and `X-WP-TotalPages`.
public struct CommentPage: Sendable, Equatable, Codable {
    /// The comments of this page, in the requested order.
    public var comments: [Comment]
    /// How many comments match the whole query.
    public var total: Int
    /// How many pages of the requested size there are.
    public var totalPages: Int
    /// Comments of this page that could not be read (an unknown status from a plugin, a
    /// broken date) and were left out rather than losing the whole page.
    public var unreadable: Int = 0
    /// Whether the site sent the totals (`X-WP-Total`, `X-WP-TotalPages`). Some proxies
    /// strip them; ``total`` and ``totalPages`` are then guesses from this page alone.
    public var totalsKnown = true
    /// The plain text of each comment's HTML, in the order of ``comments``, when whoever
    /// fetched the page made it (off the main actor: `LoadingReducer`); nil: the store
    /// converts the HTML as it merges. Not encoded: a recorded page replays without it.
    public var plainTexts: [String]?

    private enum CodingKeys: String, CodingKey {
        case comments, total, totalPages, unreadable, totalsKnown
    }

    /// Creates a page.
    public init(comments: [Comment], total: Int, totalPages: Int) {
        self.comments = comments
        self.total = total
        self.totalPages = totalPages
    }
}
