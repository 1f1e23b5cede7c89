import Flux

/// Everything that can happen to comments: what views hold, what the user asks for, and
/// what the server answered (the store's effects send those when a request ends).
public enum CommentsAction: Action, Equatable, Codable {
    // MARK: Held by views

    /// A receipt for `query` was taken (``CommentsStore/query(_:)`` sends it): one more
    /// receipt holds the query, which the store keeps loaded while any does.
    case queryStarted(CommentsQuery)
    /// A receipt for `query` ended (cancelled or released; its receipt sends it).
    case queryEnded(CommentsQuery)

    // MARK: Asked by the user

    /// Load the first page of `query` again, fresh or not.
    case refresh(CommentsQuery)
    /// Load the next page of `query`.
    case loadMore(CommentsQuery)
    /// Move a comment to the trash (undoable).
    case trash(site: SiteID, id: Int)
    /// Delete a comment for good (not undoable: the UI asks first).
    case deletePermanently(site: SiteID, id: Int)
    /// Approve, hold, spam, trash or restore a comment (undoable).
    case moderate(site: SiteID, id: Int, to: Moderation)
    /// Post a reply under `parent` (0 for a new top-level comment).
    case reply(site: SiteID, post: Int, parent: Int, text: String)
    /// Send a failed reply again.
    case retryReply(site: SiteID, localID: Int)
    /// Give up a failed reply.
    case discardReply(site: SiteID, localID: Int)
    /// Replace the text of one of your own comments.
    case edit(site: SiteID, id: Int, text: String)
    /// Read a comment's source (`content.raw`) before editing it.
    case loadSource(site: SiteID, id: Int)
    /// Revert the last trash or moderation.
    case undo
    /// Ask the site who we are logged in as (checks the application password).
    case verifyCredentials(site: SiteID)
    /// Do `action` to each of `ids` (in that order), a few requests at a time.
    case bulk(site: SiteID, ids: [Int], action: BulkAction)
    /// Send nothing more of the bulk action under way (what was sent stays done).
    case stopBulk
    /// Send again what failed in the last bulk action.
    case retryBulkFailures
    /// Ask the site how many comments are in `status` (spam or trash), before emptying it.
    case countToEmpty(site: SiteID, status: CommentStatus)
    /// The count asked by ``countToEmpty(site:status:)`` arrived (or could not be had).
    case countedToEmpty(site: SiteID, status: CommentStatus, result: Result<Int, CommentsError>)
    /// Delete for good every comment of the site in `status` (Empty Spam / Empty Trash):
    /// the `count` the user was asked about and agreed to, and nothing if the site has
    /// another number by then.
    case empty(site: SiteID, status: CommentStatus, count: Int)
    /// The ids to delete arrived (listed with `_fields=id`, loaded or not), or did not;
    /// `agreed`: how many the user agreed to delete.
    case listedToEmpty(site: SiteID, status: CommentStatus, agreed: Int, result: Result<[Int], CommentsError>)
    /// The site's index was read for a bulk run: its batch size for comment writes (1: one
    /// request per write), or nil when the index could not be read (single requests, and
    /// it is read again for the next run).
    case batchSizeRead(site: SiteID, size: Int?)

    // MARK: Answered by the server

    /// A page of `query` arrived, or failed. `ticket` names the request, so the answer
    /// to a request that was cancelled or replaced is recognised and dropped.
    case pageLoaded(query: CommentsQuery, page: Int, ticket: Int, result: Result<CommentPage, CommentsError>)
    /// A write ended.
    case writeFinished(operation: Int, result: Result<Comment, CommentsError>)
    /// A comment's source arrived (or could not be read).
    case sourceLoaded(site: SiteID, id: Int, result: Result<Comment, CommentsError>)
    /// A post's title arrived (failures are not reported: the post keeps its number).
    case postLoaded(site: SiteID, post: WordPressPost)
    /// The credentials check ended.
    case credentialsChecked(site: SiteID, result: Result<WordPressUser, CommentsError>)

    // MARK: Counts per status

    /// Ask the site how many comments it has of each status (the app does when a site
    /// opens; a reload, the last page of a query and every write confirmed ask again).
    case countStatuses(site: SiteID)
    /// The site's counts per status arrived (or could not be read). `ticket` names the
    /// request (``SiteCounts``): an answer the state no longer waits for is dropped.
    case countsLoaded(site: SiteID, ticket: Int, result: Result<StatusCounts, CommentsError>)

    // MARK: A moderator's facts

    /// Ask the site how many comments `address` has, by status (once per address: asking
    /// again while it is known or on its way does nothing).
    case lookUpHistory(site: SiteID, address: AuthorAddress)
    /// The history of `address` arrived, or could not be had.
    case historyLoaded(site: SiteID, address: AuthorAddress, result: Result<AddressHistory, CommentsError>)
    /// Comments loaded before the login check, read again in the edit context: their
    /// e-mails, IPs and sources (nothing else of them changes).
    case factsLoaded(site: SiteID, result: Result<[Comment], CommentsError>)
    /// Replace the text of any comment and its author's name, e-mail or URL (wp-admin's
    /// Quick Edit: a moderator's, or an editor's, on anyone's comment).
    case quickEdit(site: SiteID, id: Int, text: String, author: AuthorEdit)

    // MARK: Background loading

    /// The end of `query` is wanted (`G`): its missing pages load oldest first. Nothing in
    /// flight stops. Without background loading, the next page.
    case loadEnd(CommentsQuery)

    // MARK: The cached copy of each site (issue 14)

    /// Read `site`'s cached copy (``CommentsCache``); its loading waits until it is in.
    case readCache(site: SiteID)
    /// Part of `site`'s cached copy was read (`finished`: all of it, or the reading
    /// failed, `problem` saying why).
    case cacheRead(site: SiteID, comments: [Comment], posts: [WordPressPost], finished: Bool, problem: String?)
    /// `site`'s cached copy could not be written: parley goes on without it.
    case cacheFailed(site: SiteID, problem: String)

    // MARK: Live updates

    /// Poll `site` for new comments every poll interval from now on (nothing when polling
    /// is off): the app sends it for each site when it starts.
    case startPolling(site: SiteID)
    /// Stop polling every site (quitting).
    case stopPolling
    /// Ask `site` for the comments written after the newest loaded (the timer sends it).
    case poll(site: SiteID)
    /// A poll's answer. `ticket` names the poll, as ``pageLoaded(query:page:ticket:result:)``'s does.
    case polled(site: SiteID, ticket: Int, result: Result<[Comment], CommentsError>)
    /// The user saw these new comments (the cursor reached them): they are new no more.
    case markSeen(site: SiteID, ids: [Int])

    // MARK: Search over the whole site

    /// The search term or the statuses searched on `site` changed (the filter store sends
    /// it): while the site is loading, ask the site too (``SiteSearchReducer``).
    case searchSite(site: SiteID, term: String, statuses: Set<CommentStatus>)
    /// A page of a site search of `kind` arrived, or failed; `ticket` names the search.
    case searchPageLoaded(site: SiteID, kind: CommentKind, ticket: Int, page: Int, result: Result<CommentPage, CommentsError>)

    // MARK: The outbox (issue 14)

    /// `sites` are not to be reached this run (`--offline`): writes wait in the outbox.
    case workOffline(sites: [SiteID])
    /// The cache kept outbox entry `number` of `site` as `record`, or could not (`problem`).
    case outboxStored(site: SiteID, number: Int, record: Int64?, problem: String?)
    /// The outbox entries kept for `site` in an earlier run were read (or not: `problem`).
    case outboxRead(site: SiteID, entries: [StoredOutboxEntry], problem: String?)
    /// Send `site`'s oldest outbox entry, if it is not on its way already (the retry timer
    /// sends it; any answer of the site does the same).
    case sendOutbox(site: SiteID)
    /// Drop outbox entry `number` before it is sent; its comment goes back as it was. An
    /// entry the site refused: dismiss it from the list.
    case dropOutboxEntry(number: Int)

    // MARK: Who did what (issue 27)

    /// Read the write log's records of `site` (``WriteJournal``), for the detail pane, and
    /// keep `site`'s changes from now on (the app sends it for each site when it starts).
    case readJournal(site: SiteID)
    /// `site`'s records arrived, the last few of each comment, oldest first (or could not be
    /// read: `problem`).
    case journalRead(site: SiteID, records: [WriteRecord], problem: String?)

    // MARK: Several moderators (issue 27)

    /// Write held conflict `number` anyway, over the change made on the site (the user said
    /// yes to the question naming it): sent again, checked against the site as it is now.
    case overrideConflict(number: Int)
    /// Leave held conflict `number`'s comment as the site has it (the text the user wrote stays kept).
    case dismissConflict(number: Int)
    /// A bulk run's next comments, `ids`, as the site has them (an id missing from the
    /// answer: deleted), or why they could not be read.
    case bulkChecked(run: Int, ids: [Int], result: Result<[CommentSnapshot], CommentsError>)

    // MARK: Fresh without R (issue 27)

    /// One tick of `site`'s refresh budget (its ticker sends it): a request owed is paid
    /// for, or the next status check or re-read goes (``SweepReducer``).
    case sweepTick(site: SiteID)
    /// A page of the refresh's status check of `site` arrived (ids of pending, spam or trash
    /// comments, or the approved count), or failed; `ticket` names the check.
    case statusPageRead(site: SiteID, ticket: Int, result: Result<StatusListing, CommentsError>)
    /// Comments re-read by the refresh arrived (missing ones are gone from the site), or
    /// the re-read failed; `ticket` names the request, which holds the ids asked.
    case rechecked(site: SiteID, ticket: Int, result: Result<[CommentOnSite], CommentsError>)
    /// Re-read comment `id` of `site` now (the cursor rests on it).
    case recheck(site: SiteID, id: Int)
    /// Someone else changed these comments on `site` (found by the refresh, and already
    /// applied to the list): their rows are marked until seen, and the write log records
    /// them as changes made outside parley.
    case changedOnSite(site: SiteID, changes: [SiteChange])
    /// The user saw the changes of these comments: their marks go.
    case siteChangesSeen(site: SiteID, ids: [Int])

    // MARK: The spam score (issue 30)

    /// `site`'s comments were scored (off the main actor, by ``SiteSpamModels``).
    case spamScored(site: SiteID, scores: SiteSpamScores)
    /// Say why comment `id` of `site` scores as it does (the detail pane shows it).
    case explainSpam(site: SiteID, id: Int)
    /// Why a comment scores as it does arrived.
    case spamExplained(SpamExplanation)
}
