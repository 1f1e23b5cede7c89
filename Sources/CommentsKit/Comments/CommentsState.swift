/// Everything ``CommentsStore`` knows: per site, the loaded comments and how each query's
/// loading went; plus what the status bar should say and what `z` would undo.
public struct CommentsState: Equatable, Sendable {
    /// The sites, in the order the user cycles through them.
    public var sites: [SiteInfo] = []
    /// The loaded comments of each site.
    public var comments: [SiteID: SiteComments] = [:]
    /// How the loading of each query stands. A query missing here was never asked.
    public var fetches: [CommentsQuery: FetchState] = [:]
    /// The outcome of the user's last action, in words.
    public var notice: Notice?
    /// The last trash or moderation, which ``CommentsAction/undo`` reverts.
    public var undoable: UndoEntry?
    /// Post titles per site, as they arrive (a post without one is shown by number).
    public var postTitles: [SiteID: [Int: String]] = [:]
    /// Why logging in failed, per site (wrong user or application password), in words.
    public var loginProblems: [SiteID: String] = [:]
    /// Who the client is logged in as, per site, once checked.
    public var currentUsers: [SiteID: WordPressUser] = [:]
    /// How many writes (replies, moderation, deletes, edits) are in flight.
    public var writesInFlight = 0
    /// Server ids of replies that were posted, by the local id they had while sending,
    /// so a view whose cursor sat on the local reply can follow it.
    public var postedReplies: [Int: Int] = [:]
    /// The text of an edit the server refused, so the editor can offer it again.
    public var unsentEdit: UnsentEdit?

    /// An empty state.
    public init() {}

    /// The comments of `site` (empty if none are loaded).
    public func comments(of site: SiteID) -> SiteComments {
        comments[site] ?? SiteComments()
    }

    /// How loading `query` stands (never asked, if it never was).
    public func fetch(_ query: CommentsQuery) -> FetchState {
        fetches[query] ?? FetchState()
    }

    /// The title of `post` on `site`, or "Post #12" until it is known.
    public func postTitle(site: SiteID, post: Int) -> String {
        postTitles[site]?[post] ?? "Post #\(post)"
    }

    /// Whether anything is loading or being written: the header's spinner.
    public var isBusy: Bool {
        writesInFlight > 0 || fetches.values.contains { $0.isLoading }
    }
}

/// A change that `z` can revert: the comment and the status it had before.
public struct UndoEntry: Equatable, Sendable {
    /// The site.
    public let site: SiteID
    /// The comment.
    public let id: Int
    /// Its status before the change.
    public let previousStatus: CommentStatus
    /// Its status after the change.
    public let newStatus: CommentStatus
}

/// An edit that failed to save: its text is kept, never lost.
public struct UnsentEdit: Equatable, Sendable {
    /// The site.
    public let site: SiteID
    /// The comment being edited.
    public let id: Int
    /// The text the user wrote.
    public let text: String
}
