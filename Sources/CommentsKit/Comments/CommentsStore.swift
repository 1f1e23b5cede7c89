import Foundation
import Flux

/// The comments of every site, and everything a moderator does to them.
///
/// A query store: views ask for ``CommentsQuery`` slices with `query(_:)` and hold the
/// receipt; the store loads what active queries need — never twice at once for the same
/// query, not again while fresh (``ttl``), and cancels a request when the last receipt of
/// its query goes. More pages come with ``CommentsAction/loadMore(_:)``.
///
/// Writes are optimistic: the state changes at once, the request goes out, and the
/// server's answer comes back as an action that confirms the change or rolls it back (with
/// a ``Notice`` saying so). A reply that fails keeps its text, marked failed, for a retry.
///
/// Races: a page that was requested before a local change and arrives after it does not
/// overwrite that change (each local write bumps a revision; an answer only touches
/// comments not changed since its request left), and a comment deleted here is not
/// brought back by it.
@MainActor
public final class CommentsStore: QueryStore<CommentsState, CommentsQuery> {
    /// How long loaded comments count as fresh by default.
    public static let defaultTTL: TimeInterval = 60

    private let connections: [SiteID: SiteConnection]
    /// How long a loaded query counts as fresh: within it, a new receipt does not refetch.
    public let ttl: TimeInterval
    /// Comments per request (WordPress allows at most 100).
    public let pageSize: Int
    private let now: @Sendable () -> Date

    private var fetches: [CommentsQuery: FetchTicket] = [:]
    private var nextTicket = 0
    private var writes: [Int: PendingWrite] = [:]
    private var nextOperation = 0
    private var nextLocalID = -1
    private var writeRevision = 0
    /// Per site, per comment: the write revision of its last local change.
    private var localRevisions: [SiteID: [Int: Int]] = [:]
    /// Status before the trash, for comments trashed here (what `restore` puts back).
    private var statusBeforeTrash: [SiteID: [Int: CommentStatus]] = [:]
    private var noticeSequence = 0
    /// Posts whose title was asked for, per site: asked once per run.
    private var requestedPosts: [SiteID: Set<Int>] = [:]

    /// Creates the store for `sites`.
    /// - Parameters:
    ///   - ttl: how long loaded comments count as fresh.
    ///   - pageSize: comments per request, 1…100.
    ///   - now: the clock (tests pass a fixed one).
    public init(
        sites: [SiteConnection],
        dispatcher: Dispatcher = .shared,
        ttl: TimeInterval = CommentsStore.defaultTTL,
        pageSize: Int = 100,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        connections = Dictionary(sites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.ttl = ttl
        self.pageSize = min(max(pageSize, 1), 100)
        self.now = now
        var initial = CommentsState()
        initial.sites = sites.map { SiteInfo(id: $0.id, name: $0.name) }
        super.init(initialState: initial, dispatcher: dispatcher)
    }

    // MARK: Queries

    public override func queriesChanged() {
        let active = Set(activeQueries)
        for (query, ticket) in fetches where !active.contains(query) {
            ticket.handle.cancel()
            fetches[query] = nil
            mutate(affecting: [query.site]) { state in
                Self.settle(query, in: &state)
            }
        }
        for query in activeQueries where fetches[query] == nil && !isFresh(query) {
            startFetch(query, page: 1)
        }
    }

    /// A request for `query` ended without an answer (cancelled): back to what was
    /// there before it.
    private static func settle(_ query: CommentsQuery, in state: inout CommentsState) {
        guard var fetch = state.fetches[query] else { return }
        fetch.phase = fetch.loadedAt == nil ? .neverAsked : .loaded
        state.fetches[query] = fetch
    }

    private func isFresh(_ query: CommentsQuery) -> Bool {
        guard let loadedAt = state.fetches[query]?.loadedAt else { return false }
        return now().timeIntervalSince(loadedAt) < ttl
    }

    private func startFetch(_ query: CommentsQuery, page: Int) {
        guard let client = connections[query.site]?.client else {
            mutate(affecting: [query.site]) {
                $0.fetches[query, default: FetchState()].phase = .failed(.invalidResponse("parley has no connection to the site \(query.site)."))
            }
            return
        }
        nextTicket += 1
        let ticket = nextTicket
        let request = query.request(page: page, perPage: pageSize)
        mutate(affecting: [query.site]) { $0.fetches[query, default: FetchState()].phase = .loading(page: page) }
        let handle = dispatcher.run { context in
            let result = await Result.capturing { try await client.list(request) }
            await context.dispatch(CommentsAction.pageLoaded(query: query, page: page, ticket: ticket, result: result))
        }
        fetches[query] = FetchTicket(id: ticket, revision: writeRevision, handle: handle)
    }

    // MARK: Actions

    public override func onDispatch(_ action: any Action) {
        if let imported = action as? CommentsImported { return importComments(imported) }
        guard let action = action as? CommentsAction else { return }
        switch action {
        case .refresh(let query): refresh(query)
        case .loadMore(let query): loadMore(query)
        case .trash(let site, let id): moderate(site: site, id: id, to: .trash, isUndo: false)
        case .moderate(let site, let id, let moderation): moderate(site: site, id: id, to: moderation, isUndo: false)
        case .deletePermanently(let site, let id): deletePermanently(site: site, id: id)
        case .reply(let site, let post, let parent, let text): reply(site: site, post: post, parent: parent, text: text)
        case .retryReply(let site, let localID): retryReply(site: site, localID: localID)
        case .discardReply(let site, let localID): discardReply(site: site, localID: localID)
        case .edit(let site, let id, let text): edit(site: site, id: id, text: text)
        case .loadSource(let site, let id): loadSource(site: site, id: id)
        case .sourceLoaded(let site, let id, let result): sourceLoaded(site: site, id: id, result: result)
        case .undo: undo()
        case .verifyCredentials(let site): verifyCredentials(site: site)
        case .pageLoaded(let query, let page, let ticket, let result): pageLoaded(query, page: page, ticket: ticket, result: result)
        case .writeFinished(let operation, let result): writeFinished(operation, result: result)
        case .credentialsChecked(let site, let result): credentialsChecked(site: site, result: result)
        case .postLoaded(let site, let post): mutate(affecting: [site]) { $0.postTitles[site, default: [:]][post.id] = post.title }
        }
    }

    private func refresh(_ query: CommentsQuery) {
        guard fetches[query] == nil else { return }
        startFetch(query, page: 1)
    }

    private func loadMore(_ query: CommentsQuery) {
        let fetch = state.fetch(query)
        guard fetches[query] == nil, fetch.hasMore else { return }
        startFetch(query, page: fetch.pagesLoaded + 1)
    }

    private func pageLoaded(_ query: CommentsQuery, page: Int, ticket: Int, result: Result<CommentPage, CommentsError>) {
        guard let pending = fetches[query], pending.id == ticket else { return }
        fetches[query] = nil
        switch result {
        case .success(let answer):
            let changedSince = localRevisions[query.site] ?? [:]
            // A comment with a write in flight keeps its optimistic state: the write's own
            // answer settles it, not a page that may have left before or after it.
            let writing = Set(writes.values.filter { $0.site == query.site }.compactMap(\.commentID))
            transaction(affecting: [query.site]) { state in
                // Taken out of the state while it changes: one reference fewer to the
                // entries. (The transaction's snapshot of the old state still holds one,
                // so a merge copies the site's entries once: see the bench report.)
                var site = state.comments.removeValue(forKey: query.site) ?? SiteComments()
                // What the page should list and does not is gone from the site.
                site.merge(answer.comments, window: Self.window(of: answer, page: page, query: query)) { id in
                    writing.contains(id) || (changedSince[id] ?? Int.min) > pending.revision
                }
                state.comments[query.site] = site
                var fetch = state.fetch(query)
                fetch.phase = .loaded
                if page == 1 { fetch.loadedAt = now() }
                fetch.pagesLoaded = max(fetch.pagesLoaded, page)
                fetch.total = answer.total
                fetch.totalPages = answer.totalPages
                fetch.loadedCount = min(answer.total, fetch.pagesLoaded * pageSize)
                state.fetches[query] = fetch
            }
            requestTitles(site: query.site, posts: answer.comments.map(\.post))
            if answer.unreadable > 0 {
                notify(.error, "\(answer.unreadable) comment\(answer.unreadable == 1 ? "" : "s") on page \(page) could not be read and \(answer.unreadable == 1 ? "is" : "are") not shown.")
            }
        case .failure(.cancelled):
            mutate(affecting: [query.site]) { state in
                Self.settle(query, in: &state)
            }
        case .failure(let error):
            transaction(affecting: [query.site]) { state in
                state.fetches[query, default: FetchState()].phase = .failed(error)
                // Without a login, WordPress refuses the statuses a moderator sees: say why.
                if let problem = state.loginProblems[query.site] {
                    notify(&state, .error, problem + " (a visitor cannot list pending, spam or trash comments)")
                } else {
                    notify(&state, .error, "Could not load comments: \(error)")
                }
            }
        }
    }

    /// The part of the site a page answer lists in full, newest first: strictly between
    /// its oldest and newest dates, open above on page 1 and below on the last page. None
    /// when the page cannot vouch for its window (an unreadable comment, or a page past
    /// the end).
    static func window(of answer: CommentPage, page: Int, query: CommentsQuery) -> SiteComments.PageWindow? {
        guard answer.unreadable == 0, answer.totalsKnown else { return nil }
        let dates = answer.comments.map(\.date)
        let isLast = page >= answer.totalPages
        guard let newest = dates.max(), let oldest = dates.min() else {
            // An empty first page: the slice is empty on the site.
            return page == 1 && answer.total == 0
                ? SiteComments.PageWindow(post: query.post, statuses: query.statuses, newerThan: nil, olderThan: nil) : nil
        }
        return SiteComments.PageWindow(post: query.post, statuses: query.statuses,
                                       newerThan: isLast ? nil : oldest, olderThan: page == 1 ? nil : newest)
    }

    /// Asks for the titles of posts not asked for yet, a few at a time in the
    /// background; each arrives as `postLoaded`.
    private func requestTitles(site: SiteID, posts: [Int]) {
        guard let client = connections[site]?.client else { return }
        let new = Set(posts).subtracting(requestedPosts[site] ?? []).filter { $0 > 0 }.sorted()
        guard !new.isEmpty else { return }
        requestedPosts[site, default: []].formUnion(new)
        dispatcher.run { context in
            for id in new {
                guard !context.isCancelled else { return }
                if let post = try? await client.post(id: id) {
                    await context.dispatch(CommentsAction.postLoaded(site: site, post: post))
                }
            }
        }
    }

    private func importComments(_ imported: CommentsImported) {
        let site = imported.site
        let changedHere = localRevisions[site] ?? [:]
        transaction(affecting: [site]) { state in
            var comments = state.comments.removeValue(forKey: site) ?? SiteComments()
            comments.merge(imported.comments) { changedHere[$0] != nil }
            state.comments[site] = comments
        }
    }

    // MARK: Moderation

    private func moderate(site: SiteID, id: Int, to moderation: Moderation, isUndo: Bool) {
        guard let entry = serverEntry(site: site, id: id, doing: moderation.verb) else { return }
        let previous = entry.status
        let target = moderation.resultingStatus(previous: statusBeforeTrash[site]?[id])
        guard moderation == .restore || target != previous else {
            notify(.info, "The comment is already \(previous.displayName).")
            return
        }
        if moderation == .restore, previous != .trash {
            notify(.info, "The comment is not in the trash.")
            return
        }
        let client = connection(site).client
        let operation = beginWrite(.moderation(site: site, id: id, from: previous, to: moderation, isUndo: isUndo))
        if target == .trash { statusBeforeTrash[site, default: [:]][id] = previous }
        transaction(affecting: [site]) { state in
            state.comments[site]?.modify(id) { $0.setStatus(target); $0.mark = .updating }
            state.undoable = isUndo ? nil : UndoEntry(site: site, id: id, previousStatus: previous, newStatus: target)
        }
        send(operation) {
            switch moderation {
            case .approve: try await client.updateStatus(id: id, to: .approve)
            case .hold: try await client.updateStatus(id: id, to: .hold)
            case .spam: try await client.updateStatus(id: id, to: .spam)
            case .trash: try await client.trash(id: id)
            case .restore: try await client.updateStatus(id: id, to: .untrash)
            }
        }
    }

    private func undo() {
        guard let last = state.undoable else {
            notify(.info, "Nothing to undo.")
            return
        }
        let moderation: Moderation = switch (last.newStatus, last.previousStatus) {
        case (.trash, _): .restore
        case (_, .approved): .approve
        case (_, .hold): .hold
        case (_, .spam): .spam
        case (_, .trash): .trash
        }
        statusBeforeTrash[last.site, default: [:]][last.id] = last.previousStatus
        moderate(site: last.site, id: last.id, to: moderation, isUndo: true)
    }

    private func deletePermanently(site: SiteID, id: Int) {
        guard serverEntry(site: site, id: id, doing: "Delete") != nil else { return }
        let client = connection(site).client
        let operation = beginWrite(.deletion(site: site, id: id))
        transaction(affecting: [site]) { state in
            state.comments[site]?.modify(id) { $0.isBeingDeleted = true }
            if state.undoable?.site == site, state.undoable?.id == id { state.undoable = nil }
        }
        send(operation) { try await client.deletePermanently(id: id) }
    }

    // MARK: Replies and edits

    private func reply(site: SiteID, post: Int, parent: Int, text: String) {
        guard connections[site] != nil else { return notify(.error, "Reply failed: parley has no connection to \(site).") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return notify(.error, "A reply needs some text.") }
        let localID = nextLocalID
        nextLocalID -= 1
        let me = state.currentUsers[site]
        let draft = Comment(
            id: localID, post: post, parent: parent, author: me?.id ?? 0,
            authorName: me?.name ?? "you", authorURL: "", date: now(),
            contentHTML: PlainTextHTML.html(fromPlainText: trimmed), contentRaw: trimmed,
            link: "", status: .approved, type: "comment"
        )
        mutate(affecting: [site]) { state in
            var comments = state.comments(of: site)
            comments.insert(CommentEntry(draft, mark: .sending))
            state.comments[site] = comments
        }
        postReply(site: site, localID: localID, post: post, parent: parent, text: trimmed, isRetry: false)
    }

    private func retryReply(site: SiteID, localID: Int) {
        guard let entry = state.comments[site]?[localID], case .failed = entry.mark else { return }
        mutate(affecting: [site]) { $0.comments[site]?.modify(localID) { $0.mark = .sending } }
        let text = entry.contentRaw ?? entry.text
        postReply(site: site, localID: localID, post: entry.post, parent: entry.parent, text: text, isRetry: true)
    }

    private func postReply(site: SiteID, localID: Int, post: Int, parent: Int, text: String, isRetry: Bool) {
        let client = connection(site).client
        let operation = beginWrite(.reply(site: site, localID: localID, isRetry: isRetry))
        send(operation) { try await client.reply(post: post, parent: parent, content: text) }
    }

    private func discardReply(site: SiteID, localID: Int) {
        guard let entry = state.comments[site]?[localID], entry.isLocal, entry.mark != .sending else { return }
        transaction(affecting: [site]) { state in
            state.comments[site]?.remove(localID)
            notify(&state, .info, "Reply discarded.")
        }
    }

    private func edit(site: SiteID, id: Int, text: String) {
        // Whatever stops the edit, the text the user wrote is kept for `e` to offer again.
        guard let entry = serverEntry(site: site, id: id, doing: "Edit") else { return keepUnsentEdit(site, id, text) }
        guard let me = state.currentUsers[site], me.id == entry.author else {
            keepUnsentEdit(site, id, text)
            return notify(.error, "Edit refused: you can only edit your own comments.")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return notify(.error, "A comment needs some text.") }
        let client = connection(site).client
        let operation = beginWrite(.edit(site: site, id: id, previous: entry, text: trimmed))
        transaction(affecting: [site]) { state in
            state.comments[site]?.modify(id) {
                $0.setContent(html: PlainTextHTML.html(fromPlainText: trimmed), raw: trimmed)
                $0.mark = .updating
            }
            state.unsentEdit = nil
        }
        send(operation) { try await client.updateContent(id: id, content: trimmed) }
    }

    private func keepUnsentEdit(_ site: SiteID, _ id: Int, _ text: String) {
        mutate(affecting: [site]) { $0.unsentEdit = UnsentEdit(site: site, id: id, text: text) }
    }

    /// Reads a comment's source (`content.raw`, edit context) so an edit starts from what
    /// the author wrote, not from its rendering turned into text.
    private func loadSource(site: SiteID, id: Int) {
        guard let client = connections[site]?.client, id > 0 else { return }
        dispatcher.run { context in
            let result = await Result.capturing { try await client.comment(id: id, context: .edit) }
            await context.dispatch(CommentsAction.sourceLoaded(site: site, id: id, result: result))
        }
    }

    private func sourceLoaded(site: SiteID, id: Int, result: Result<Comment, CommentsError>) {
        switch result {
        case .success(let comment):
            guard let raw = comment.contentRaw else {
                return notify(.error, "The site did not send the comment's source: you may not be allowed to edit it.")
            }
            mutate(affecting: [site]) { $0.comments[site]?.modify(id) { $0.contentRaw = raw } }
        case .failure(let error):
            notify(.error, "Could not load the comment to edit it: \(error)")
        }
    }

    // MARK: Credentials

    private func verifyCredentials(site: SiteID) {
        guard let client = connections[site]?.client else { return }
        dispatcher.run { context in
            let result = await Result.capturing { try await client.currentUser() }
            await context.dispatch(CommentsAction.credentialsChecked(site: site, result: result))
        }
    }

    private func credentialsChecked(site: SiteID, result: Result<WordPressUser, CommentsError>) {
        switch result {
        case .success(let user):
            mutate(affecting: [site]) { $0.currentUsers[site] = user }
        case .failure(.notLoggedIn):
            let name = connections[site]?.name ?? site
            let problem = "Not logged in on \(name): \(CommentsError.notLoggedIn)"
            transaction(affecting: [site]) { state in
                state.loginProblems[site] = problem
                notify(&state, .error, problem + " Browsing read-only.")
            }
        case .failure(let error):
            // The site could not say who we are (down, offline): not a login problem.
            notify(.error, "Could not check the login on \(connections[site]?.name ?? site): \(error)")
        }
    }

    // MARK: Writes in flight

    private func beginWrite(_ write: PendingWrite) -> Int {
        nextOperation += 1
        writeRevision += 1
        writes[nextOperation] = write
        if let id = write.commentID {
            localRevisions[write.site, default: [:]][id] = writeRevision
        }
        mutate { $0.writesInFlight += 1 }
        return nextOperation
    }

    /// Runs `request` off the main actor and dispatches its outcome as `writeFinished`.
    private func send(_ operation: Int, _ request: @escaping @Sendable () async throws -> Comment) {
        dispatcher.run { context in
            let result = await Result.capturing(request)
            await context.dispatch(CommentsAction.writeFinished(operation: operation, result: result))
        }
    }

    private func writeFinished(_ operation: Int, result: Result<Comment, CommentsError>) {
        guard let write = writes.removeValue(forKey: operation) else { return }
        writeRevision += 1
        if let id = write.commentID {
            localRevisions[write.site, default: [:]][id] = writeRevision
        }
        // A posted reply is newer than any page already on its way: that page must neither
        // overwrite nor remove it (a reload's first page would take it for deleted).
        if case .reply = write, case .success(let comment) = result {
            localRevisions[write.site, default: [:]][comment.id] = writeRevision
        }
        transaction(affecting: [write.site]) { state in
            state.writesInFlight -= 1
            switch (write, result) {
            case let (.moderation(site, id, _, moderation, isUndo), .success(comment)):
                state.comments[site]?.modify(id) { $0.update(comment); $0.mark = nil }
                notify(&state, .info, isUndo ? "Undone: comment \(comment.status.displayName) again." : moderationNotice(moderation))
            case let (write, .failure(.http(status: 404, code: "rest_comment_invalid_id", _))) where write.commentID != nil:
                // Deleted elsewhere: the list should not keep offering it.
                if let id = write.commentID { state.comments[write.site]?.remove(id) }
                if state.undoable?.id == write.commentID { state.undoable = nil }
                notify(&state, .info, "That comment no longer exists on the site; it was removed from the list.")
            case let (.moderation(site, id, _, .trash, _), .failure(.http(status: 410, _, _))):
                state.comments[site]?.modify(id) { $0.setStatus(.trash); $0.mark = nil }
                notify(&state, .info, "The comment was already in the trash.")
            case let (.moderation(site, id, previous, moderation, _), .failure(error)):
                state.comments[site]?.modify(id) { $0.setStatus(previous); $0.mark = nil }
                if state.undoable?.site == site, state.undoable?.id == id { state.undoable = nil }
                notify(&state, .error, "\(moderation.verb) failed: \(error) — restored.")
            case let (.deletion(site, id), .success):
                state.comments[site]?.remove(id)
                notify(&state, .info, "Comment deleted permanently.")
            case let (.deletion(site, id), .failure(error)):
                state.comments[site]?.modify(id) { $0.isBeingDeleted = false }
                notify(&state, .error, "Delete failed: \(error) — restored.")
            case let (.reply(site, localID, _), .success(comment)):
                state.comments[site]?.replaceLocal(localID, with: comment)
                state.postedReplies[localID] = comment.id
                notify(&state, .info, comment.status == .approved ? "Reply posted." : "Reply posted; it awaits moderation.")
            case let (.reply(site, localID, true), .failure(.http(status: 409, code: "comment_duplicate", _))):
                // The first attempt did reach the site after all: the reply is there.
                state.comments[site]?.remove(localID)
                notify(&state, .info, "The site already has this reply (an earlier attempt got through); reloading.")
                refreshAfterWrite(site)
            case let (.reply(site, localID, _), .failure(error)):
                state.comments[site]?.modify(localID) { $0.mark = .failed(error) }
                notify(&state, .error, "Reply failed, your text is kept (r on it retries, d discards): \(error)")
            case let (.edit(site, id, _, _), .success(comment)):
                state.comments[site]?.modify(id) { $0.update(comment); $0.mark = nil }
                notify(&state, .info, "Comment updated.")
            case let (.edit(site, id, previous, text), .failure(error)):
                state.comments[site]?.modify(id) { $0.restoreContent(from: previous); $0.mark = nil }
                state.unsentEdit = UnsentEdit(site: site, id: id, text: text)
                notify(&state, .error, "Edit failed, your text is kept (e tries again): \(error)")
            }
        }
    }

    /// Reloads the site's active queries (after a write whose outcome only the server knows).
    private func refreshAfterWrite(_ site: SiteID) {
        for query in activeQueries where query.site == site {
            dispatcher.dispatch(CommentsAction.refresh(query))
        }
    }

    private func moderationNotice(_ moderation: Moderation) -> String {
        moderation == .trash ? "Comment moved to the trash — z to undo." : "Comment \(moderation.pastTense)."
    }

    // MARK: Helpers

    private func connection(_ site: SiteID) -> SiteConnection {
        guard let connection = connections[site] else {
            preconditionFailure("serverEntry(site:id:doing:) checks the site first")
        }
        return connection
    }

    /// The entry `id` if it exists on the server side and no write is pending on it;
    /// otherwise publishes why nothing happens and returns nil.
    private func serverEntry(site: SiteID, id: Int, doing verb: String) -> CommentEntry? {
        guard connections[site] != nil, let entry = state.comments[site]?[id] else {
            notify(.error, "\(verb) failed: no such comment.")
            return nil
        }
        guard !entry.isLocal else {
            notify(.error, "\(verb) failed: that reply is not on the server yet.")
            return nil
        }
        guard entry.mark == nil, !entry.isBeingDeleted else {
            notify(.info, "Wait: a change to that comment is still on its way.")
            return nil
        }
        return entry
    }

    private func notify(_ kind: Notice.Kind, _ message: String) {
        mutate { notify(&$0, kind, message) }
    }

    private func notify(_ state: inout CommentsState, _ kind: Notice.Kind, _ message: String) {
        noticeSequence += 1
        state.notice = Notice(sequence: noticeSequence, kind: kind, message: message)
    }
}

/// A page request in flight: which one, the write revision when it left, its task.
private struct FetchTicket {
    let id: Int
    let revision: Int
    let handle: EffectHandle
}

/// A write in flight, with what is needed to confirm or roll it back.
private enum PendingWrite {
    case moderation(site: SiteID, id: Int, from: CommentStatus, to: Moderation, isUndo: Bool)
    case deletion(site: SiteID, id: Int)
    case reply(site: SiteID, localID: Int, isRetry: Bool)
    case edit(site: SiteID, id: Int, previous: CommentEntry, text: String)

    var site: SiteID {
        switch self {
        case .moderation(let site, _, _, _, _), .deletion(let site, _), .reply(let site, _, _), .edit(let site, _, _, _): site
        }
    }

    /// Whether this is a second attempt at a reply.
    var isRetry: Bool {
        if case .reply(_, _, true) = self { return true }
        return false
    }

    var commentID: Int? {
        switch self {
        case .moderation(_, let id, _, _, _), .deletion(_, let id), .edit(_, let id, _, _): id
        case .reply: nil
        }
    }
}

extension CommentStatus {
    /// How a sentence names the status: "approved", "pending", "spam", "in the trash".
    public var displayName: String {
        switch self {
        case .approved: "approved"
        case .hold: "pending"
        case .spam: "spam"
        case .trash: "in the trash"
        }
    }
}

extension Result where Failure == CommentsError {
    /// Runs `body` and keeps its value or its error. The client throws only
    /// ``CommentsError``; anything else would be a bug there, reported in words.
    static func capturing(_ body: () async throws -> Success) async -> Self {
        do {
            return .success(try await body())
        } catch let error as CommentsError {
            return .failure(error)
        } catch {
            return .failure(.invalidResponse("Unexpected error: \(error)"))
        }
    }
}
