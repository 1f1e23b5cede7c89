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
///
/// Where things are: this type handles the actions and starts the requests, as
/// ``Effect`` values run by one runner; everything it knows is in ``CommentsState``
/// (requests in flight: ``CommentsRequests``). What a write's answer does is
/// ``WriteOutcome``; the undo stack's rules are in `CommentsState+Undo.swift`, notices in
/// `CommentsState+Notices.swift`.
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

    /// Runs every request the store makes, as ``Effect`` values. Everything the store
    /// knows is in its state (``CommentsState/requests``); the tasks cannot be, so a page
    /// request's runs under the ticket the state holds (``PageRequest``).
    private let effects: StoreEffects<CommentsAction>

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
        effects = StoreEffects(dispatcher: dispatcher)
        super.init(initialState: initial, dispatcher: dispatcher)
    }

    /// How many requests are running (a cancelled one counts until its task ends).
    public var effectsInFlight: Int { effects.inFlight }

    /// Waits until no request runs, for at most `timeout`; returns whether that happened.
    /// For tests that must know a cancelled request has ended.
    public func effectsFinished(timeout: Duration) async -> Bool {
        await effects.finished(timeout: timeout)
    }

    // MARK: Queries

    public override func queriesChanged() {
        let active = Set(activeQueries)
        for (query, ticket) in state.requests.fetches where !active.contains(query) {
            effects.run(.cancel(id: PageRequest(ticket: ticket.id)))
            mutate(affecting: [query.site]) { state in
                state.requests.fetches[query] = nil
                Self.settle(query, in: &state)
            }
        }
        for query in activeQueries where state.requests.fetches[query] == nil && !isFresh(query) {
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
        var ticket = 0
        let request = query.request(page: page, perPage: pageSize)
        mutate(affecting: [query.site]) { state in
            ticket = state.requests.takeTicket()
            state.requests.fetches[query] = FetchTicket(id: ticket, revision: state.requests.writeRevision)
            state.fetches[query, default: FetchState()].phase = .loading(page: page)
        }
        effects.run(Effect.run { [ticket] send in
            let result = await Result.capturing { try await client.list(request) }
            await send(.pageLoaded(query: query, page: page, ticket: ticket, result: result))
        }.cancellable(id: PageRequest(ticket: ticket)))
    }

    // MARK: Actions

    public override func onDispatch(_ action: any Action) {
        if let imported = action as? CommentsImported { return importComments(imported) }
        guard let action = action as? CommentsAction else { return }
        switch action {
        case .refresh(let query): refresh(query)
        case .loadMore(let query): loadMore(query)
        case .trash(let site, let id): moderate(site: site, id: id, to: .trash)
        case .moderate(let site, let id, let moderation): moderate(site: site, id: id, to: moderation)
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
        guard state.requests.fetches[query] == nil else { return }
        startFetch(query, page: 1)
    }

    private func loadMore(_ query: CommentsQuery) {
        let fetch = state.fetch(query)
        guard state.requests.fetches[query] == nil, fetch.hasMore else { return }
        startFetch(query, page: fetch.pagesLoaded + 1)
    }

    private func pageLoaded(_ query: CommentsQuery, page: Int, ticket: Int, result: Result<CommentPage, CommentsError>) {
        guard let pending = state.requests.fetches[query], pending.id == ticket else { return }
        switch result {
        case .success(let answer):
            let changedSince = state.requests.localRevisions[query.site] ?? [:]
            // A comment with a write in flight keeps its optimistic state: the write's own
            // answer settles it, not a page that may have left before or after it.
            let writing = state.requests.commentsBeingWritten(on: query.site)
            transaction(affecting: [query.site]) { state in
                state.requests.fetches[query] = nil
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
                // A successful load answers "Could not load comments" for this site.
                state.clearError(site: query.site, topic: .loading)
            }
            requestTitles(site: query.site, posts: answer.comments.map(\.post))
            if answer.unreadable > 0 {
                notify(site: query.site, .error, "\(answer.unreadable) comment\(answer.unreadable == 1 ? "" : "s") on page \(page) could not be read and \(answer.unreadable == 1 ? "is" : "are") not shown.")
            }
        case .failure(.cancelled):
            mutate(affecting: [query.site]) { state in
                state.requests.fetches[query] = nil
                Self.settle(query, in: &state)
            }
        case .failure(let error):
            transaction(affecting: [query.site]) { state in
                state.requests.fetches[query] = nil
                state.fetches[query, default: FetchState()].phase = .failed(error)
                // Without a login, WordPress refuses the statuses a moderator sees: say why.
                if let problem = state.loginProblems[query.site] {
                    state.publish(site: query.site, topic: .loading, .error, problem + " (a visitor cannot list pending, spam or trash comments)")
                } else {
                    state.publish(site: query.site, topic: .loading, .error, "Could not load comments: \(error)")
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
        let new = Set(posts).subtracting(state.requests.requestedPosts[site] ?? []).filter { $0 > 0 }.sorted()
        guard !new.isEmpty else { return }
        mutate(affecting: [site]) { $0.requests.requestedPosts[site, default: []].formUnion(new) }
        effects.run(.run { send in
            for id in new {
                guard !Task.isCancelled else { return }
                if let post = try? await client.post(id: id) {
                    await send(.postLoaded(site: site, post: post))
                }
            }
        })
    }

    private func importComments(_ imported: CommentsImported) {
        let site = imported.site
        let changedHere = state.requests.localRevisions[site] ?? [:]
        transaction(affecting: [site]) { state in
            var comments = state.comments.removeValue(forKey: site) ?? SiteComments()
            comments.merge(imported.comments) { changedHere[$0] != nil }
            state.comments[site] = comments
        }
    }

    // MARK: Moderation

    /// Changes a comment's status; `undoing` names the undo step this write reverts (an
    /// undo is not itself put on the stack; if it fails, the step goes back on it).
    private func moderate(site: SiteID, id: Int, to moderation: Moderation, undoing: UndoEntry? = nil) {
        guard let entry = serverEntry(site: site, id: id, doing: moderation.verb) else { return }
        let previous = entry.status
        let target = moderation.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[id])
        guard moderation == .restore || target != previous else {
            notify(site: site, .info, "The comment is already \(previous.displayName).")
            return
        }
        if moderation == .restore, previous != .trash {
            notify(site: site, .info, "The comment is not in the trash.")
            return
        }
        let client = connection(site).client
        let operation = beginWrite(.moderation(site: site, id: id, from: previous, to: moderation, undoing: undoing))
        transaction(affecting: [site]) { state in
            if target == .trash { state.requests.statusBeforeTrash[site, default: [:]][id] = previous }
            state.comments[site]?.modify(id) { $0.setStatus(target); $0.mark = .updating }
            if undoing == nil {
                state.pushUndo(UndoEntry(site: site, id: id, previousStatus: previous, newStatus: target))
            }
        }
        send(operation, .moderation(id: id, to: moderation, expected: target), client: client) {
            switch moderation {
            case .approve: try await client.updateStatus(id: id, to: .approve)
            case .hold: try await client.updateStatus(id: id, to: .hold)
            case .spam: try await client.updateStatus(id: id, to: .spam)
            case .trash: try await client.trash(id: id)
            case .restore: try await client.updateStatus(id: id, to: .untrash)
            }
        }
    }

    /// Reverts the newest step of the undo stack, on its site. Steps whose comment was
    /// deleted since, or whose status changed since (elsewhere), are dropped on the way
    /// (counted in the notice when nothing is left to undo); a step whose comment has a
    /// write in flight stays and the notice says to wait.
    private func undo() {
        var skipped = 0
        var stack = state.undoStack
        var next: (step: UndoEntry, author: String)?
        while let last = stack.last {
            guard let entry = state.comments[last.site]?[last.id], !entry.isBeingDeleted, entry.status == last.newStatus || entry.mark != nil else {
                stack.removeLast()
                skipped += 1
                continue
            }
            next = (last, entry.authorName)
            break
        }
        let skippedNote = skipped == 0 ? "" : " (\(skipped) step\(skipped == 1 ? " was" : "s were") skipped: \(skipped == 1 ? "its comment was" : "their comments were") deleted or changed since)"
        guard let (step, author) = next else {
            mutate { $0.undoStack = stack; $0.lastUndo = nil }
            return notify(.info, "Nothing to undo." + skippedNote)
        }
        guard state.comments[step.site]?[step.id]?.mark == nil else {
            mutate { $0.undoStack = stack; $0.lastUndo = nil }
            return notify(site: step.site, .info, "Wait: the \(step.describe(author: author)) is still on its way.")
        }
        stack.removeLast()
        mutate { $0.undoStack = stack; $0.lastUndo = step }
        let moderation: Moderation = switch (step.newStatus, step.previousStatus) {
        case (.trash, _): .restore
        case (_, .approved): .approve
        case (_, .hold): .hold
        case (_, .spam): .spam
        case (_, .trash): .trash
        }
        mutate(affecting: [step.site]) { $0.requests.statusBeforeTrash[step.site, default: [:]][step.id] = step.previousStatus }
        moderate(site: step.site, id: step.id, to: moderation, undoing: step)
    }

    private func deletePermanently(site: SiteID, id: Int) {
        guard serverEntry(site: site, id: id, doing: "Delete") != nil else { return }
        let client = connection(site).client
        let operation = beginWrite(.deletion(site: site, id: id))
        // The undo stack is left alone: a step about this comment is skipped when reached.
        mutate(affecting: [site]) { state in
            state.comments[site]?.modify(id) { $0.isBeingDeleted = true }
        }
        send(operation, .permanentDeletion(id: id), client: client) { try await client.deletePermanently(id: id) }
    }

    // MARK: Replies and edits

    private func reply(site: SiteID, post: Int, parent: Int, text: String) {
        guard connections[site] != nil else { return notify(site: site, .error, "Reply failed: parley has no connection to \(site).") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return notify(site: site, .error, "A reply needs some text.") }
        let localID = state.requests.nextLocalID
        let me = state.currentUsers[site]
        let draft = Comment(
            id: localID, post: post, parent: parent, author: me?.id ?? 0,
            authorName: me?.name ?? "you", authorURL: "", date: now(),
            contentHTML: PlainTextHTML.html(fromPlainText: trimmed), contentRaw: trimmed,
            link: "", status: .approved, type: "comment"
        )
        mutate(affecting: [site]) { state in
            state.requests.nextLocalID -= 1
            var comments = state.comments(of: site)
            comments.insert(CommentEntry(draft, mark: .sending))
            state.comments[site] = comments
        }
        postReply(site: site, localID: localID, post: post, parent: parent, text: trimmed, sentAt: draft.date, checkFirst: false)
    }

    /// Sends a failed reply again. After an outcome that was never settled, the site is
    /// asked first whether the reply got there: a retry never posts it twice.
    private func retryReply(site: SiteID, localID: Int) {
        guard let entry = state.comments[site]?[localID], case .failed(let error) = entry.mark else { return }
        mutate(affecting: [site]) { $0.comments[site]?.modify(localID) { $0.mark = .sending } }
        let text = entry.contentRaw ?? entry.text
        postReply(site: site, localID: localID, post: entry.post, parent: entry.parent, text: text,
                  sentAt: entry.date, checkFirst: WriteSettlement.isAmbiguous(error))
    }

    private func postReply(site: SiteID, localID: Int, post: Int, parent: Int, text: String, sentAt: Date, checkFirst: Bool) {
        let client = connection(site).client
        let operation = beginWrite(.reply(site: site, localID: localID))
        let write = AmbiguousWrite.reply(post: post, parent: parent, text: text, author: state.currentUsers[site]?.id, sentAt: sentAt)
        send(operation, write, client: client, checkFirst: checkFirst) {
            try await client.reply(post: post, parent: parent, content: text)
        }
    }

    private func discardReply(site: SiteID, localID: Int) {
        guard let entry = state.comments[site]?[localID], entry.isLocal, entry.mark != .sending else { return }
        transaction(affecting: [site]) { state in
            state.comments[site]?.remove(localID)
            state.publish(site: site, .info, "Reply discarded.")
        }
    }

    private func edit(site: SiteID, id: Int, text: String) {
        // Whatever stops the edit, the text the user wrote is kept for `e` to offer again.
        guard let entry = serverEntry(site: site, id: id, doing: "Edit") else { return keepUnsentEdit(site, id, text) }
        guard let me = state.currentUsers[site], me.id == entry.author else {
            keepUnsentEdit(site, id, text)
            return notify(site: site, .error, "Edit refused: you can only edit your own comments.")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return notify(site: site, .error, "A comment needs some text.") }
        let client = connection(site).client
        let operation = beginWrite(.edit(site: site, id: id, previous: entry, text: trimmed))
        transaction(affecting: [site]) { state in
            state.comments[site]?.modify(id) {
                $0.setContent(html: PlainTextHTML.html(fromPlainText: trimmed), raw: trimmed)
                $0.mark = .updating
            }
            state.unsentEdit = nil
        }
        send(operation, .content(id: id, text: trimmed), client: client) { try await client.updateContent(id: id, content: trimmed) }
    }

    private func keepUnsentEdit(_ site: SiteID, _ id: Int, _ text: String) {
        mutate(affecting: [site]) { $0.unsentEdit = UnsentEdit(site: site, id: id, text: text) }
    }

    /// Reads a comment's source (`content.raw`, edit context) so an edit starts from what
    /// the author wrote, not from its rendering turned into text.
    private func loadSource(site: SiteID, id: Int) {
        guard let client = connections[site]?.client, id > 0 else { return }
        effects.run(.run { send in
            let result = await Result.capturing { try await client.comment(id: id, context: .edit) }
            await send(.sourceLoaded(site: site, id: id, result: result))
        })
    }

    private func sourceLoaded(site: SiteID, id: Int, result: Result<Comment, CommentsError>) {
        switch result {
        case .success(let comment):
            guard let raw = comment.contentRaw else {
                return notify(site: site, .error, "The site did not send the comment's source: you may not be allowed to edit it.")
            }
            mutate(affecting: [site]) { $0.comments[site]?.modify(id) { $0.contentRaw = raw } }
        case .failure(let error):
            notify(site: site, .error, "Could not load the comment to edit it: \(error)")
        }
    }

    // MARK: Credentials

    private func verifyCredentials(site: SiteID) {
        guard let client = connections[site]?.client else { return }
        effects.run(.run { send in
            let result = await Result.capturing { try await client.currentUser() }
            await send(.credentialsChecked(site: site, result: result))
        })
    }

    private func credentialsChecked(site: SiteID, result: Result<WordPressUser, CommentsError>) {
        switch result {
        case .success(let user):
            transaction(affecting: [site]) { state in
                state.currentUsers[site] = user
                state.clearError(site: site, topic: .login)
            }
        case .failure(.notLoggedIn):
            let name = connections[site]?.name ?? site
            let problem = "Not logged in on \(name): \(CommentsError.notLoggedIn)"
            transaction(affecting: [site]) { state in
                state.loginProblems[site] = problem
                state.publish(site: site, topic: .login, .error, problem + " Browsing read-only.")
            }
        case .failure(let error):
            // The site could not say who we are (down, offline): not a login problem. The
            // notice carries the site: the status bar names it when another one is shown.
            notify(site: site, topic: .login, .error, "Could not check the login: \(error)")
        }
    }

    // MARK: Writes in flight

    private func beginWrite(_ write: PendingWrite) -> Int {
        var operation = 0
        mutate(affecting: [write.site]) { operation = $0.requests.begin(write) }
        return operation
    }

    /// Runs `request` off the main actor, settles an ambiguous outcome with the site
    /// (``WriteSettlement``), and dispatches the result as `writeFinished`.
    private func send(
        _ operation: Int, _ write: AmbiguousWrite, client: WordPressClient, checkFirst: Bool = false,
        _ request: @escaping @Sendable () async throws -> Comment
    ) {
        effects.run(.run { send in
            let result = await WriteSettlement.send(write, client: client, checkFirst: checkFirst, attempt: request)
            await send(.writeFinished(operation: operation, result: result))
        })
    }

    private func writeFinished(_ operation: Int, result: Result<Comment, CommentsError>) {
        guard let site = state.requests.writes[operation]?.site else { return }
        transaction(affecting: [site]) { state in
            guard let write = state.requests.finish(operation, postedID: try? result.get().id) else { return }
            switch result {
            case .success(let comment): WriteOutcome.confirm(write, comment, operation: operation, in: &state)
            case .failure(let error): WriteOutcome.rollBack(write, error, operation: operation, in: &state)
            }
        }
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
            notify(site: site, .error, "\(verb) failed: no such comment.")
            return nil
        }
        guard !entry.isLocal else {
            notify(site: site, .error, "\(verb) failed: that reply is not on the server yet.")
            return nil
        }
        guard entry.mark == nil, !entry.isBeingDeleted else {
            notify(site: site, .info, "Wait: a change to that comment is still on its way.")
            return nil
        }
        return entry
    }

    private func notify(site: SiteID? = nil, topic: Notice.Topic? = nil, _ kind: Notice.Kind, _ message: String) {
        mutate { $0.publish(site: site, topic: topic, kind, message) }
    }

}

/// The id a page request's effect runs under: its ticket, which the state holds.
private struct PageRequest: Hashable, Sendable {
    let ticket: Int
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
