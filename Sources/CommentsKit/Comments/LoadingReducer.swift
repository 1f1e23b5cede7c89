import Foundation
import Flux

/// Loading, for ``CommentsReducer``: the queries views hold, the page requests they need
/// and what the pages bring, comments imported from elsewhere, and post titles.
///
/// The store loads what active queries need — not again while fresh (``ttl``) — and
/// cancels its requests when the last receipt of a query goes. With a ``concurrency`` of
/// 0, one page at a time: more pages come with ``CommentsAction/loadMore(_:)``. Above 0,
/// the rest of the query loads by itself after page 1 (background loading), newest first,
/// with up to that many pages in flight; they may arrive in any order. A failed page
/// stops it (what loaded stays); `loadMore` resumes it, `refresh` loads everything again.
///
/// Races: a page that was requested before a local change and arrives after it does not
/// overwrite that change (each local write bumps a revision; an answer only touches
/// comments not changed since its request left), and a comment deleted here is not
/// brought back by it.
struct LoadingReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    /// How long a loaded query counts as fresh: within it, a new receipt does not refetch.
    let ttl: TimeInterval
    /// Comments per request (WordPress allows at most 100).
    let pageSize: Int
    /// Page requests in flight at once while the rest of a query loads by itself; 0: no
    /// background loading.
    let concurrency: Int
    let now: @Sendable () -> Date
    /// One page at a time onto the main actor, so a key never waits behind several.
    let arrivals = PageArrivals()

    // MARK: Queries

    func queryStarted(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.activeQueries.add(query) else { return .none }
        return activeQueriesChanged(in: &state)
    }

    func queryEnded(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.activeQueries.remove(query) else { return .none }
        return activeQueriesChanged(in: &state)
    }

    /// `query`, and for a query of comments its twin of pings when a view holds that too
    /// (``CommentsQuery/everyKind``: wp-admin lists both together, and WordPress answers
    /// one type a request, so a site's list holds two queries): a reload or a next page of
    /// the list is one of both.
    static func withPings(_ query: CommentsQuery, in state: CommentsState) -> [CommentsQuery] {
        guard query.kind == .comments else { return [query] }
        return query.everyKind.filter { $0 == query || state.activeQueries.contains($0) }
    }

    /// The set of active queries changed: cancel the requests no active query needs, and
    /// ask for the first page of each active query that is neither loading nor fresh (nor
    /// waiting for its site's cached copy to be read: ``CachingReducer``, or for the login
    /// check of a site shown from it; nor of a site parley was told not to reach:
    /// ``OutboxSendReducer``).
    func activeQueriesChanged(in state: inout CommentsState) -> Effect<CommentsAction> {
        var effects: [Effect<CommentsAction>] = []
        for query in state.requests.fetches.keys where !state.activeQueries.contains(query) {
            effects.append(cancelAll(query, in: &state))
        }
        for query in state.activeQueries.queries
        where state.requests.pagesInFlight(query).isEmpty && !state.cache.reading.contains(query.site)
            && !state.cache.awaitingLogin.contains(query.site) && !state.outbox.offline.contains(query.site) {
            // A query held again while fresh goes on loading the rest, if it was.
            effects.append(isFresh(query, in: state) ? fillSlots(query, in: &state) : startFetch(query, page: 1, in: &state))
        }
        return .merge(effects)
    }

    /// Cancels every page request of `query` and settles its phase.
    private func cancelAll(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        let tickets = state.requests.fetches.removeValue(forKey: query) ?? [:]
        Self.settle(query, in: &state)
        return .merge(tickets.values.sorted { $0.id < $1.id }.map { .cancel(id: PageRequest(ticket: $0.id)) })
    }

    /// The page requests of `query` changed: its phase says which is in flight (the
    /// lowest), or, with none, back to what was there before (loaded or never asked). A
    /// failure stays until something new starts.
    private static func settle(_ query: CommentsQuery, in state: inout CommentsState) {
        guard var fetch = state.fetches[query] else { return }
        if let lowest = state.requests.pagesInFlight(query).min() {
            fetch.phase = .loading(page: lowest)
        } else if fetch.error == nil {
            fetch.phase = fetch.loadedAt == nil ? .neverAsked : .loaded
        }
        state.fetches[query] = fetch
    }

    private func isFresh(_ query: CommentsQuery, in state: CommentsState) -> Bool {
        guard let loadedAt = state.fetches[query]?.loadedAt else { return false }
        return now().timeIntervalSince(loadedAt) < ttl
    }

    // MARK: Pages

    /// Page 1 again; with background loading, every page again after it (each page's
    /// answer removes what the site no longer has in its part): what is in flight stops.
    /// A query of comments refreshes its pings too (``withPings(_:in:)``).
    func refresh(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        .merge(Self.withPings(query, in: state).map { refresh(kind: $0, in: &state) })
    }

    private func refresh(kind query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        // The load starts by itself once the cached copy is in and the login checked.
        guard !state.cache.reading.contains(query.site), !state.cache.awaitingLogin.contains(query.site) else { return .none }
        // With --offline the list is the local copy: there is nothing to ask.
        guard !state.outbox.offline.contains(query.site) else {
            state.publish(site: query.site, topic: .loading, .info, "parley is offline (--offline): the list is the local copy of the site.")
            return .none
        }
        guard concurrency > 0 else {
            guard state.requests.pagesInFlight(query).isEmpty else { return .none }
            return startFetch(query, page: 1, in: &state)
        }
        let cancelled = cancelAll(query, in: &state)
        state.fetches[query]?.restartPages()
        return .merge([cancelled, startFetch(query, page: 1, in: &state)])
    }

    /// The next page; with background loading, resumes it (after a failure). A query of
    /// comments loads more of its pings too (``withPings(_:in:)``).
    func loadMore(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        .merge(Self.withPings(query, in: state).map { loadMore(kind: $0, in: &state) })
    }

    private func loadMore(kind query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        let fetch = state.fetch(query)
        guard concurrency > 0 else {
            guard state.requests.pagesInFlight(query).isEmpty, fetch.hasMore else { return .none }
            return startFetch(query, page: fetch.pagesLoaded + 1, in: &state)
        }
        guard fetch.hasMore else { return .none }
        if fetch.error != nil { state.fetches[query]?.phase = .loaded }
        return fillSlots(query, in: &state)
    }

    /// The end first: the pages not loaded yet go oldest first from now on (the end of
    /// the list is the oldest threads); nothing in flight stops. Without background
    /// loading, the next page, as ``loadMore(_:in:)``.
    func loadEnd(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard concurrency > 0 else { return loadMore(query, in: &state) }
        guard state.fetch(query).hasMore else { return .none }
        state.fetches[query]?.endFirst = true
        return loadMore(kind: query, in: &state)
    }

    /// Starts requests for the pages of `query` neither loaded nor in flight, until
    /// ``concurrency`` are in flight: newest first, or oldest first once the end is wanted.
    /// Nothing while page 1 has not answered (the total is unknown) or after a failure.
    private func fillSlots(_ query: CommentsQuery, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard concurrency > 0, state.activeQueries.contains(query) else { return .none }
        let fetch = state.fetch(query)
        guard fetch.error == nil, let totalPages = fetch.totalPages, fetch.pagesLoaded >= 1 else { return .none }
        var inFlight = state.requests.pagesInFlight(query)
        var effects: [Effect<CommentsAction>] = []
        let candidates = fetch.endFirst
            ? AnySequence(stride(from: totalPages, to: fetch.pagesLoaded, by: -1))
            : AnySequence((fetch.pagesLoaded + 1)..<max(fetch.pagesLoaded + 1, totalPages + 1))
        for page in candidates {
            guard inFlight.count < concurrency else { break }
            guard !inFlight.contains(page), !fetch.laterPages.contains(page) else { continue }
            effects.append(startFetch(query, page: page, in: &state))
            inFlight.insert(page)
        }
        return .merge(effects)
    }

    /// Records the request for page `page` of `query` in the state (its ticket) and
    /// returns it, filed under that ticket so that the query's end cancels it.
    private func startFetch(_ query: CommentsQuery, page: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[query.site]?.client else {
            state.fetches[query, default: FetchState()].phase =
                .failed(.invalidResponse("parley has no connection to the site \(query.site)."))
            return .none
        }
        guard state.access(of: query.site).listableKinds.contains(query.kind) else { return .none }
        let ticket = state.requests.takeTicket()
        state.requests.fetches[query, default: [:]][page] = FetchTicket(id: ticket, revision: state.requests.writeRevision)
        state.fetches[query, default: FetchState()].phase = .loading(page: state.requests.pagesInFlight(query).min() ?? page)
        let request = query.request(page: page, perPage: pageSize, access: state.access(of: query.site))
        let arrivals = arrivals
        return Effect.run { send in
            let result = await Result.capturing { try await client.listWithPlainTexts(request) }
            await arrivals.take()
            await send(.pageLoaded(query: query, page: page, ticket: ticket, result: result))
            await arrivals.give()
        }
        .cancellable(id: PageRequest(ticket: ticket))
    }

    func pageLoaded(
        _ query: CommentsQuery, page: Int, ticket: Int, result: Result<CommentPage, CommentsError>,
        in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard let pending = state.requests.fetches[query]?[page], pending.id == ticket else { return .none }
        state.requests.fetches[query]?[page] = nil
        if state.requests.fetches[query]?.isEmpty == true { state.requests.fetches[query] = nil }
        switch result {
        case .success(let answer):
            merge(answer, page: page, of: query, requestedAt: pending.revision, into: &state)
            if answer.unreadable > 0 {
                let count = answer.unreadable
                state.publish(site: query.site, .error,
                              "\(count: count) comment\(count == 1 ? "" : "s") on page \(page) could not be read and \(count == 1 ? "is" : "are") not shown.")
            }
            let more = fillSlots(query, in: &state)
            Self.settle(query, in: &state)
            return .merge([more, requestTitles(site: query.site, posts: answer.comments.map(\.post), in: &state)])
        case .failure(.cancelled):
            Self.settle(query, in: &state)
        case .failure(let error):
            // The other pages in flight stop too: what loaded stays, and `loadMore` (or a
            // refresh) takes it up again from the first page missing.
            let stopped = cancelAll(query, in: &state)
            state.fetches[query, default: FetchState()].phase = .failed(error)
            // A visitor may not ask for pings (`rest_forbidden_param`): the comments say
            // what is wrong, once.
            if query.kind == .pings, state.access(of: query.site) != .moderator { return stopped }
            // Without a login, WordPress refuses the statuses a moderator sees: say why.
            if let problem = state.loginProblems[query.site] {
                state.publish(site: query.site, topic: .loading, .error, problem + " (a visitor cannot list pending, spam or trash comments)")
            } else {
                state.publish(site: query.site, topic: .loading, .error, "Could not load comments: \(error)")
            }
            return stopped
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
        site.merge(answer.comments, plainTexts: answer.plainTexts, window: Self.window(of: answer, page: page, query: listed)) { id in
            writing.contains(id) || (changedSince[id] ?? Int.min) > revision
        }
        state.comments[query.site] = site
        var fetch = state.fetch(query)
        if fetch.error == nil { fetch.phase = .loaded }
        if page == 1 { fetch.loadedAt = now() }
        fetch.pageArrived(page)
        fetch.total = answer.total
        fetch.totalPages = answer.totalPages
        fetch.loadedCount = min(answer.total, (fetch.pagesLoaded + fetch.laterPages.count) * pageSize)
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
                ? SiteComments.PageWindow(post: query.post, statuses: query.statuses, kind: query.kind, newerThan: nil, olderThan: nil) : nil
        }
        return SiteComments.PageWindow(post: query.post, statuses: query.statuses, kind: query.kind,
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

extension CommentPage {
    /// This page with the plain text of every comment's HTML (``plainTexts``): made with
    /// the decoding, off the main actor (``WordPressClient/listWithPlainTexts(_:)``), it is
    /// a tenth of the main actor's work of a 100,000-comment load that the merge no longer
    /// does.
    var withPlainTexts: CommentPage {
        var page = self
        page.plainTexts = comments.map { HTMLText.plainText(fromHTML: $0.contentHTML) }
        return page
    }
}

extension CommentsAction {
    /// Whether this is a page of a load that goes on (other pages of its query are still
    /// in flight once it is in, `state` being the state after it): what the filter counts
    /// and the interface may follow a frame later, with the pages after it, rather than
    /// once per page — each of them costs a pass over every loaded comment, so following
    /// every page of a 100,000-comment site is quadratic. The last page of a load, a
    /// failed one and any other action are followed at once (but a move within the list
    /// as shown: ``MayLagBehindLoad``), so a load that ends, and every key that needs
    /// the list as it is, find them up to date.
    public func isPageOfOngoingLoad(in state: CommentsState) -> Bool {
        guard case .pageLoaded(let query, _, _, .success) = self else { return false }
        return state.fetch(query).isLoading
    }
}
