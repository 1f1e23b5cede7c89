import Foundation
import Flux

/// Search over the whole site, for ``CommentsReducer``: while a site's comments are still
/// loading, a search term also asks the site (`GET /wp/v2/comments?search=…`, with the
/// Status filters' statuses), every page of the answer, with as many requests in flight
/// as the background loading uses; what comes back is merged into the site's comments
/// like any page, so the filtered list shows it at once. Like the list, it asks for each
/// kind by name (`type=comment`, and `type=pings` for those who may list pings), never for
/// every type: a plugin's types (WooCommerce's reviews) would join the list and the count.
/// A new term cancels the requests of the previous one. Once the site is loaded, the search
/// is local only (the filter's own scan finds everything) and the site is not asked.
struct SiteSearchReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    /// Comments per request.
    let pageSize: Int
    /// Requests in flight at once (at least one).
    let concurrency: Int

    /// The term or statuses searched on `site` changed: the previous search's requests stop,
    /// and the new one asks the site when it is not loaded yet.
    func search(site: SiteID, term: String, statuses: Set<CommentStatus>, in state: inout CommentsState) -> Effect<CommentsAction> {
        let term = term.trimmingCharacters(in: .whitespaces)
        let previous = state.siteSearches[site]
        if let previous, previous.term == term, previous.statuses == statuses { return .none }
        state.siteSearches[site] = nil
        let stop: Effect<CommentsAction> = previous.map { .cancel(id: SearchRequest(ticket: $0.ticket)) } ?? .none
        guard !term.isEmpty, !Self.isLoaded(site, in: state), connections[site]?.client != nil else { return stop }
        let kinds = state.access(of: site).listableKinds
        let search = SiteSearch(term: term, statuses: statuses, kinds: kinds, ticket: state.requests.takeTicket(),
                                revision: state.requests.writeRevision)
        state.siteSearches[site] = search
        let first = kinds.map { request(page: 1, of: $0, site: site, in: &state) }
        return .merge([stop] + first)
    }

    /// A page of the search of `kind` answered: its comments join the site's, and the next
    /// pages are asked for. An answer to a search that was replaced is dropped.
    func pageLoaded(
        site: SiteID, kind: CommentKind, ticket: Int, page: Int, result: Result<CommentPage, CommentsError>,
        in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard var search = state.siteSearches[site], search.ticket == ticket, var part = search.parts[kind] else { return .none }
        part.pagesInFlight.remove(page)
        search.parts[kind] = part
        switch result {
        case .success(let answer):
            part.pagesLoaded.insert(page)
            part.total = answer.total
            part.totalPages = answer.totalPages
            search.parts[kind] = part
            state.siteSearches[site] = search
            merge(answer.comments, site: site, since: search.revision, in: &state)
            return requestMore(site: site, in: &state)
        case .failure(.cancelled):
            state.siteSearches[site] = search
            return .none
        case .failure where kind == .pings && state.access(of: site) != .moderator:
            // Not known to be a moderator, and refused the pings (`rest_forbidden_param`):
            // the comments' search goes on, and counts alone, as the list does.
            search.parts[kind] = nil
            state.siteSearches[site] = search
            return .none
        case .failure(let error):
            search.failure = error
            state.siteSearches[site] = search
            return .cancel(id: SearchRequest(ticket: ticket))
        }
    }

    /// Whether a query of the whole site's comments (every post, every status) has all its
    /// pages, and so has the one of its pings if it was asked (the interface asks for both,
    /// ``CommentsQuery/everyKind``): then every comment the site could find is loaded already.
    static func isLoaded(_ site: SiteID, in state: CommentsState) -> Bool {
        let all = Set(CommentStatus.allCases)
        func whole(_ query: CommentsQuery) -> Bool { query.site == site && query.post == nil && query.statuses == all }
        func complete(_ fetch: FetchState) -> Bool { fetch.phase == .loaded && fetch.pagesLoaded > 0 && !fetch.hasMore }
        let comments = state.fetches.contains { whole($0.key) && $0.key.kind == .comments && complete($0.value) }
        let pingsMissing = state.fetches.contains { whole($0.key) && $0.key.kind == .pings && !complete($0.value) }
        return comments && !pingsMissing
    }

    // MARK: Steps

    /// Asks for the pages not answered nor asked yet, of each kind up to ``concurrency`` in
    /// flight (as the list loads each kind's query).
    private func requestMore(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let search = state.siteSearches[site], search.failure == nil else { return .none }
        var effects: [Effect<CommentsAction>] = []
        for kind in CommentKind.allCases {
            guard let part = search.parts[kind], let totalPages = part.totalPages, totalPages > 1 else { continue }
            for page in 2...totalPages where !part.pagesLoaded.contains(page) && !part.pagesInFlight.contains(page) {
                guard (state.siteSearches[site]?.parts[kind]?.pagesInFlight.count ?? 0) < max(1, concurrency) else { break }
                effects.append(request(page: page, of: kind, site: site, in: &state))
            }
        }
        return effects.isEmpty ? .none : effects.count == 1 ? effects[0] : .merge(effects)
    }

    /// Records page `page` of the site's search of `kind` as asked and returns its request,
    /// filed under the search's ticket (a new term cancels every page at once).
    private func request(page: Int, of kind: CommentKind, site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let search = state.siteSearches[site], let client = connections[site]?.client else { return .none }
        state.siteSearches[site]?.parts[kind]?.pagesInFlight.insert(page)
        var request = CommentsQuery(site: site, statuses: search.statuses, kind: kind)
            .request(page: page, perPage: pageSize, access: state.access(of: site))
        request.search = search.term
        let ticket = search.ticket, asked = request
        return Effect.run { send in
            let result = await Result.capturing { try await client.list(asked) }
            await send(.searchPageLoaded(site: site, kind: kind, ticket: ticket, page: page, result: result))
        }
        .cancellable(id: SearchRequest(ticket: ticket))
    }

    /// Merges found comments as a page is merged, without a window (a search answer does
    /// not list a whole part of the site): comments changed here since the search began,
    /// or with a write in flight, keep their local state.
    private func merge(_ comments: [Comment], site: SiteID, since revision: Int, in state: inout CommentsState) {
        guard !comments.isEmpty else { return }
        let changedSince = state.requests.localRevisions[site] ?? [:]
        let writing = state.requests.commentsBeingWritten(on: site)
        var merged = state.comments.removeValue(forKey: site) ?? SiteComments()
        merged.merge(comments) { id in writing.contains(id) || (changedSince[id] ?? Int.min) > revision }
        state.comments[site] = merged
    }
}

/// The id a site search's requests run under: its ticket.
private struct SearchRequest: Hashable, Sendable {
    let ticket: Int
}
