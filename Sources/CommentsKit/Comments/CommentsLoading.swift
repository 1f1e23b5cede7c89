import Foundation
import Flux

/// Loading, for ``CommentsReducer``: the queries views hold, the page requests they need
/// and what the pages bring, comments imported from elsewhere, and post titles.
///
/// The store loads what active queries need — never twice at once for the same query,
/// not again while fresh (``ttl``) — and cancels a request when the last receipt of its
/// query goes. More pages come with ``CommentsAction/loadMore(_:)``.
///
/// Races: a page that was requested before a local change and arrives after it does not
/// overwrite that change (each local write bumps a revision; an answer only touches
/// comments not changed since its request left), and a comment deleted here is not
/// brought back by it.
struct CommentsLoading: Sendable {
    let connections: [SiteID: SiteConnection]
    /// How long a loaded query counts as fresh: within it, a new receipt does not refetch.
    let ttl: TimeInterval
    /// Comments per request (WordPress allows at most 100).
    let pageSize: Int
    let now: @Sendable () -> Date

    // MARK: Queries

    func queryStarted(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.activeQueries.add(query) else { return .none }
        return activeQueriesChanged(in: &state)
    }

    func queryEnded(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.activeQueries.remove(query) else { return .none }
        return activeQueriesChanged(in: &state)
    }

    /// The set of active queries changed: cancel the requests no active query needs, and
    /// ask for the first page of each active query that is neither loading nor fresh.
    private func activeQueriesChanged(in state: inout CommentsState) -> Effect<CommentsAction> {
        var effects: [Effect<CommentsAction>] = []
        for (query, ticket) in state.requests.fetches where !state.activeQueries.contains(query) {
            effects.append(.cancel(id: PageRequest(ticket: ticket.id)))
            state.requests.fetches[query] = nil
            Self.settle(query, in: &state)
        }
        for query in state.activeQueries.queries where state.requests.fetches[query] == nil && !isFresh(query, in: state) {
            effects.append(startFetch(query, page: 1, in: &state))
        }
        return effects.count == 1 ? effects[0] : effects.isEmpty ? .none : .merge(effects)
    }

    /// A request for `query` ended without an answer (cancelled): back to what was
    /// there before it.
    private static func settle(_ query: CommentsQuery, in state: inout CommentsState) {
        guard var fetch = state.fetches[query] else { return }
        fetch.phase = fetch.loadedAt == nil ? .neverAsked : .loaded
        state.fetches[query] = fetch
    }

    private func isFresh(_ query: CommentsQuery, in state: CommentsState) -> Bool {
        guard let loadedAt = state.fetches[query]?.loadedAt else { return false }
        return now().timeIntervalSince(loadedAt) < ttl
    }

    // MARK: Pages

    func refresh(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.requests.fetches[query] == nil else { return .none }
        return startFetch(query, page: 1, in: &state)
    }

    func loadMore(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        let fetch = state.fetch(query)
        guard state.requests.fetches[query] == nil, fetch.hasMore else { return .none }
        return startFetch(query, page: fetch.pagesLoaded + 1, in: &state)
    }

    /// Records the request for page `page` of `query` in the state (its ticket) and
    /// returns it, filed under that ticket so that the query's end cancels it.
    private func startFetch(_ query: CommentsQuery, page: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[query.site]?.client else {
            state.fetches[query, default: FetchState()].phase =
                .failed(.invalidResponse("parley has no connection to the site \(query.site)."))
            return .none
        }
        let ticket = state.requests.takeTicket()
        state.requests.fetches[query] = FetchTicket(id: ticket, revision: state.requests.writeRevision)
        state.fetches[query, default: FetchState()].phase = .loading(page: page)
        let request = query.request(page: page, perPage: pageSize, access: state.access(of: query.site))
        return Effect.run { send in
            let result = await Result.capturing { try await client.list(request) }
            await send(.pageLoaded(query: query, page: page, ticket: ticket, result: result))
        }
        .cancellable(id: PageRequest(ticket: ticket))
    }

    func pageLoaded(
        _ query: CommentsQuery, page: Int, ticket: Int, result: Result<CommentPage, CommentsError>,
        in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard let pending = state.requests.fetches[query], pending.id == ticket else { return .none }
        state.requests.fetches[query] = nil
        switch result {
        case .success(let answer):
            merge(answer, page: page, of: query, requestedAt: pending.revision, into: &state)
            if answer.unreadable > 0 {
                let count = answer.unreadable
                state.publish(site: query.site, .error,
                              "\(count) comment\(count == 1 ? "" : "s") on page \(page) could not be read and \(count == 1 ? "is" : "are") not shown.")
            }
            return requestTitles(site: query.site, posts: answer.comments.map(\.post), in: &state)
        case .failure(.cancelled):
            Self.settle(query, in: &state)
        case .failure(let error):
            state.fetches[query, default: FetchState()].phase = .failed(error)
            // Without a login, WordPress refuses the statuses a moderator sees: say why.
            if let problem = state.loginProblems[query.site] {
                state.publish(site: query.site, topic: .loading, .error, problem + " (a visitor cannot list pending, spam or trash comments)")
            } else {
                state.publish(site: query.site, topic: .loading, .error, "Could not load comments: \(error)")
            }
        }
        return .none
    }

    /// Puts a page's comments into the site, and counts the page in the query's loading.
    private func merge(
        _ answer: CommentPage, page: Int, of query: CommentsQuery, requestedAt revision: Int, into state: inout CommentsState
    ) {
        let changedSince = state.requests.localRevisions[query.site] ?? [:]
        // A comment with a write in flight keeps its optimistic state: the write's own
        // answer settles it, not a page that may have left before or after it.
        let writing = state.requests.commentsBeingWritten(on: query.site)
        // Taken out of the state while it changes: one reference fewer to the entries.
        // (The store's copy of the state before the action still holds one, so a merge
        // copies the site's entries once: see the bench report.)
        var site = state.comments.removeValue(forKey: query.site) ?? SiteComments()
        // What the page should list and does not is gone from the site.
        // A reader's page lists approved comments only (``CommentsQuery``'s request): its
        // window covers those alone, so a held reply of theirs does not leave the list.
        var listed = query
        listed.statuses = query.request(page: page, perPage: pageSize, access: state.access(of: query.site)).statuses
        site.merge(answer.comments, window: Self.window(of: answer, page: page, query: listed)) { id in
            writing.contains(id) || (changedSince[id] ?? Int.min) > revision
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

    /// Comments that come by another way than a page (``CommentsImported``), merged as a
    /// page is: comments changed here are kept as they are.
    func importComments(_ imported: CommentsImported, into state: inout CommentsState) {
        let site = imported.site
        let changedHere = state.requests.localRevisions[site] ?? [:]
        var comments = state.comments.removeValue(forKey: site) ?? SiteComments()
        comments.merge(imported.comments) { changedHere[$0] != nil }
        state.comments[site] = comments
    }

    // MARK: Post titles

    /// Asks for the titles of posts not asked for yet, a few at a time in the
    /// background; each arrives as `postLoaded`.
    private func requestTitles(site: SiteID, posts: [Int], in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else { return .none }
        let new = Set(posts).subtracting(state.requests.requestedPosts[site] ?? []).filter { $0 > 0 }.sorted()
        guard !new.isEmpty else { return .none }
        state.requests.requestedPosts[site, default: []].formUnion(new)
        return .run { send in
            for id in new {
                guard !Task.isCancelled else { return }
                if let post = try? await client.post(id: id) {
                    await send(.postLoaded(site: site, post: post))
                }
            }
        }
    }

    func postLoaded(_ post: WordPressPost, site: SiteID, in state: inout CommentsState) {
        state.postTitles[site, default: [:]][post.id] = post.title
    }
}

/// The id a page request's effect runs under: its ticket, which the state holds.
private struct PageRequest: Hashable, Sendable {
    let ticket: Int
}
