/// Everything ``CommentsStore`` knows: per site, the loaded comments and how each query's
/// loading went; the queries views hold and the requests in flight; what the status bar
/// should say and what an undo would revert.
public struct CommentsState: Equatable, Sendable {
    /// The sites, in the order the user cycles through them.
    public internal(set) var sites: [SiteInfo] = []
    /// The loaded comments of each site.
    public internal(set) var comments: [SiteID: SiteComments] = [:]
    /// How the loading of each query stands. A query missing here was never asked.
    public internal(set) var fetches: [CommentsQuery: FetchState] = [:]
    /// The latest outcome, in words, with the site it is about.
    public internal(set) var notice: Notice?
    /// Trashes and moderations that an undo can revert, oldest first, every site together:
    /// ``CommentsAction/undo`` reverts the last one (on its own site). At most
    /// ``undoLimit`` steps per site are kept. Permanent deletions are never on it.
    public internal(set) var undoStack: [UndoEntry] = []
    /// The last trash, moderation or permanent deletion that was rolled back (the site
    /// refused it, or could not be reached): the UI puts the cursor back on its comment.
    public internal(set) var lastRollback: Rollback?
    /// The step the last ``CommentsAction/undo`` reverted; nil when it reverted nothing.
    /// The UI puts the cursor on its comment.
    public internal(set) var lastUndo: UndoEntry?
    /// Post titles per site, as they arrive (a post without one is shown by number).
    public internal(set) var postTitles: [SiteID: [Int: String]] = [:]
    /// Why logging in failed, per site (wrong user or application password), in words.
    public internal(set) var loginProblems: [SiteID: String] = [:]
    /// Who the client is logged in as, per site, once checked.
    public internal(set) var currentUsers: [SiteID: WordPressUser] = [:]
    /// The queries views hold receipts for: the store keeps them loaded.
    public internal(set) var activeQueries = ActiveQueries()
    /// What the store asked the sites and waits for (pages, writes), and the counters
    /// naming its requests: time travel puts them back with the rest.
    public internal(set) var requests = CommentsRequests()
    /// Server ids of replies that were posted, by the local id they had while sending,
    /// so a view whose cursor sat on the local reply can follow it.
    public internal(set) var postedReplies: [Int: Int] = [:]
    /// The text of an edit the server refused, so the editor can offer it again.
    public internal(set) var unsentEdit: UnsentEdit?
    /// What each site said about the addresses a moderator looked at (how many comments
    /// each has, by status), asked once per address.
    public internal(set) var addressHistories: [SiteID: [AuthorAddress: HistoryLookup]] = [:]
    /// How each site's cached copy stands (issue 14).
    public internal(set) var cache = CacheStanding()
    /// Per site, how many readings of its comments in the edit context are on their way:
    /// comments that came in the view context before the login check said the user
    /// moderates (see ``CommentsAction/factsLoaded(site:result:)``).
    public internal(set) var factsBeingRead: [SiteID: Int] = [:]
    /// Per site, facts read again in the edit context for comments whose page had not
    /// come yet, by comment id: taken when it comes (``FactsReducer``).
    var factsAwaitingComments: [SiteID: [Int: Comment]] = [:]

    // MARK: Counts per status

    /// Each site's counts per status, as the site counts them (``CountingReducer``).
    public internal(set) var counts: [SiteID: SiteCounts] = [:]

    /// The counts of `site` to show (the site's, moved by the writes made here since and by
    /// those waiting in its outbox, as the list shows them); nil until it answered.
    public func statusCounts(of site: SiteID) -> StatusCounts? {
        guard var counts = counts[site]?.current else { return nil }
        for item in outbox.items where item.site == site {
            if let move = CountingReducer.move(of: item.write, site: site, in: self) { counts.move(from: move.from, to: move.to) }
        }
        return counts
    }

    /// How many undo steps each site keeps.
    public static let undoLimit = 100

    // MARK: Bulk actions (issue 13)

    /// The bulk action under way, if any (one at a time).
    public internal(set) var bulk: BulkRun?
    /// The last bulk action that ended: its failures are what a retry sends again.
    public internal(set) var lastBulk: BulkRun?
    /// How many bulk runs started (numbers them).
    public internal(set) var bulkRuns = 0
    /// Each site's batch size for comment writes, read once from its index: 1 when its
    /// comment routes do not allow `/batch/v1` (WordPress 6.1), more when they do.
    public internal(set) var bulkBatchSizes: [SiteID: Int] = [:]

    // MARK: Live updates (``PollingReducer``)

    /// Comments that arrived by polling and that the user has not seen yet, per site.
    public internal(set) var newComments: [SiteID: Set<Int>] = [:]
    /// The poll on its way to each site: its ticket (an answer with another is dropped).
    public internal(set) var polls: [SiteID: Int] = [:]

    /// How many comments of `site` arrived by polling and were not seen yet (and are still
    /// loaded: one a reload found gone no longer counts).
    public func newCount(of site: SiteID) -> Int {
        guard let new = newComments[site], let loaded = comments[site] else { return 0 }
        return new.reduce(0) { $0 + (loaded.contains($1) ? 1 : 0) }
    }

    // MARK: Fresh without R (issue 27, ``SweepReducer``)

    /// How each site's background refresh stands; a site missing here is not kept fresh
    /// (polling is off, or has not started).
    public internal(set) var sweeps: [SiteID: SiteSweep] = [:]
    /// Per site, the comments someone else changed on the site that the user has not seen
    /// yet, with what changed (a deleted one has no row: only the status line says it).
    public internal(set) var siteChanges: [SiteID: [Int: SiteChange]] = [:]

    // MARK: Search over the whole site (issue 12)

    /// Per site, the search that asks the site while it loads, if any (``SiteSearchReducer``).
    public internal(set) var siteSearches: [SiteID: SiteSearch] = [:]

    // MARK: The outbox (issue 14)

    /// Writes made while their site could not be reached, waiting to be sent (``OutboxSendReducer``).
    public internal(set) var outbox = OutboxState()

    // MARK: Who did what (issue 27, ``JournalReducer``)

    /// Per site and comment, the last changes parley knows of, oldest first: read from the
    /// write log at start, then each write as it ends and each change seen made outside
    /// parley. Only for the sites whose log was read (``CommentsAction/readJournal(site:)``).
    public internal(set) var knownChanges: [SiteID: [Int: [WriteRecord]]] = [:]

    /// The last changes parley knows of to comment `id` of `site`, oldest first.
    public func knownChanges(of id: Int, site: SiteID) -> [WriteRecord] {
        knownChanges[site]?[id] ?? []
    }

    // MARK: Several moderators (issue 27)

    /// Writes not sent because their comment changed on the site since the user acted on
    /// it, oldest first, each waiting for the user's answer (``ConflictOutcome``).
    public internal(set) var conflicts: [HeldConflict] = []
    /// The number of the last conflict held (numbers them).
    var lastConflict = 0

    // MARK: The spam score (issue 30, ``SpamScoreReducer``)

    /// Each scored site's spam scores, by comment id (only with a store made with
    /// ``SiteSpamModels``).
    public internal(set) var spamScores: [SiteID: SiteSpamScores] = [:]
    /// Why the comment last asked about scores as it does (the detail pane's).
    public internal(set) var spamExplanation: SpamExplanation?
    /// The comment whose explanation was asked last (``CommentsAction/explainSpam(site:id:)``).
    public internal(set) var spamExplanationAsked: SpamExplanationRequest?

    /// An empty state.
    public init() {}

    /// The step ``CommentsAction/undo`` reverts next, if any.
    public var undoable: UndoEntry? { undoStack.last }

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

    /// How many writes (replies, moderation, deletes, edits) are in flight.
    public var writesInFlight: Int { requests.writeCount }

    /// Whether anything is loading or being written: the header's spinner.
    public var isBusy: Bool {
        writesInFlight > 0 || fetches.values.contains { $0.isLoading } || isReadingFacts
    }
}

/// A write that was rolled back: which one, on which comment.
public struct Rollback: Equatable, Sendable {
    /// The write (the `operation` of its ``CommentsAction/writeFinished(operation:result:)``).
    public let operation: Int
    /// The site.
    public let site: SiteID
    /// The comment that is back as it was.
    public let id: Int
}

/// A change that an undo can revert: the comment and the status it had before.
public struct UndoEntry: Equatable, Sendable {
    /// The site.
    public let site: SiteID
    /// The comment.
    public let id: Int
    /// Its status before the change.
    public let previousStatus: CommentStatus
    /// Its status after the change.
    public let newStatus: CommentStatus
    /// The bulk run this change was part of (a retry's changes carry the number of the run
    /// it retried): one undo reverts all the steps of a run.
    public internal(set) var batch: Int? = nil

    /// What the change was, as a noun: "trash", "restore", "spam", "approval", "unapproval".
    public var changeName: String {
        if previousStatus == .trash { return "restore" }
        switch newStatus {
        case .trash: return "trash"
        case .spam: return "spam"
        case .approved: return "approval"
        case .hold: return "unapproval"
        }
    }

    /// "trash of Maggie Holloway's comment" (`author` is untrusted text: the UI sanitises it).
    public func describe(author: String?) -> String {
        guard let author, !author.isEmpty else { return "\(changeName) of a comment" }
        return "\(changeName) of \(author)'s comment"
    }
}

/// An edit that failed to save: its text, and the author's fields a Quick Edit changed,
/// are kept, never lost.
public struct UnsentEdit: Equatable, Sendable {
    /// The site.
    public let site: SiteID
    /// The comment being edited.
    public let id: Int
    /// The text the user wrote.
    public let text: String
    /// The author's fields the user changed (Quick Edit); empty for an edit of the text.
    public let author: AuthorEdit

    /// An edit of `id` on `site` that did not get through.
    public init(site: SiteID, id: Int, text: String, author: AuthorEdit = AuthorEdit()) {
        self.site = site
        self.id = id
        self.text = text
        self.author = author
    }
}
