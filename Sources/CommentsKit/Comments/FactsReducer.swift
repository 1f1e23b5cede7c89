import Flux

/// A moderator's facts, for ``CommentsReducer``: once the login check says who we are,
/// what was asked before it is asked again as that user may (the edit context's e-mails, IPs
/// and sources for a moderator; the approved comments alone for anyone else), and the
/// history of each address the moderator looks at, asked of the site once per address and
/// kept until it may have changed: a write to one of its comments, a new comment from it,
/// a reload, or the site answering after it could not count.
struct FactsReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    /// Comments per request, as the loading asks for them.
    let pageSize: Int

    // MARK: After the login check

    /// The login check answered: queries that failed before it (a reader asked for every
    /// status) load again as the user may, and a moderator's pages read in the view
    /// context are read again in the edit context for their facts.
    func loginChecked(site: SiteID, loading: LoadingReducer, in state: inout CommentsState) -> Effect<CommentsAction> {
        let access = state.access(of: site)
        guard access != .unknown else { return .none }
        let queries = state.activeQueries.queries.filter { $0.site == site }
        var effects: [Effect<CommentsAction>] = []
        for query in queries {
            if case .failed = state.fetch(query).phase { effects.append(loading.refresh(query, in: &state)) }
        }
        if access == .moderator {
            effects.append(rereadInEditContext(queries, in: &state))
        }
        return .merge(effects)
    }

    /// A page asked before the login check was known and refused for a moderator's
    /// parameters (`status=any`, the edit context) while the check has since said the user
    /// is a reader: asked again as a reader may. A reader's own request never gets these
    /// refusals, so this cannot loop.
    func pageRefused(_ query: CommentsQuery, result: Result<CommentPage, CommentsError>, loading: LoadingReducer,
                     in state: inout CommentsState) -> Effect<CommentsAction> {
        guard case .failure(.http(status: 401...403, let code, _)) = result, Self.moderatorRefusals.contains(code ?? ""),
              state.access(of: query.site) == .reader, case .failed = state.fetch(query).phase,
              state.activeQueries.contains(query) else { return .none }
        return loading.refresh(query, in: &state)
    }

    /// What WordPress answers a reader who asks for what only a moderator may.
    private static let moderatorRefusals: Set<String> = ["rest_forbidden_param", "rest_forbidden_context"]

    /// Lists again, in the edit context, every page of `queries` loaded or on its way —
    /// every page in flight, not only the first: the pages after it came in the view
    /// context and stayed without their facts (the load asks several at once) — and sends
    /// what they hold as one ``CommentsAction/factsLoaded(site:result:)``.
    private func rereadInEditContext(_ queries: [CommentsQuery], in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let site = queries.first?.site, let client = connections[site]?.client else { return .none }
        let requests = queries.flatMap { query -> [CommentListRequest] in
            let pages = max(state.fetch(query).pagesLoaded, state.requests.pagesInFlight(query).max() ?? 0)
            guard pages > 0 else { return [] }
            return (1...pages).map { query.request(page: $0, perPage: pageSize, access: .moderator) }
        }
        guard !requests.isEmpty else { return .none }
        state.factsBeingRead[site, default: 0] += 1
        return .run { send in
            let result = await Result.capturing {
                var comments: [Comment] = []
                for request in requests { comments += try await client.list(request).comments }
                return comments
            }
            await send(.factsLoaded(site: site, result: result))
        }
    }

    /// The edit context's facts of the comments read again. Those not here yet are kept
    /// until their page comes (``pageMerged(site:in:)``): a page in flight when the login
    /// check answered comes in the view context, and may come after its reading again (an
    /// e2e run showed a moderator's first comment without its e-mail for the session).
    func factsLoaded(site: SiteID, result: Result<[Comment], CommentsError>, in state: inout CommentsState) {
        // A failure costs only the facts of those comments: the detail pane says they are
        // not known, and nothing else depends on them.
        if let reading = state.factsBeingRead[site] { state.factsBeingRead[site] = reading > 1 ? reading - 1 : nil }
        guard case .success(let comments) = result else { return }
        var loaded = state.comments.removeValue(forKey: site)
        var waiting = state.factsAwaitingComments.removeValue(forKey: site) ?? [:]
        for comment in comments {
            if loaded?.contains(comment.id) == true {
                loaded?.modify(comment.id) { $0.takeFacts(from: comment) }
            } else {
                waiting[comment.id] = comment
            }
        }
        if let loaded { state.comments[site] = loaded }
        if !waiting.isEmpty { state.factsAwaitingComments[site] = waiting }
    }

    /// A page answer was handled: the facts that came before its comments are theirs now.
    /// While no comment of the site is in (the answer failed, say timed out on a slow
    /// machine, or was for a request dropped meanwhile), they go on waiting: they used to
    /// be dropped then, and another query's page, asked in the view context before the
    /// login check, came in without them for the session.
    func pageMerged(site: SiteID, in state: inout CommentsState) {
        guard state.factsAwaitingComments[site] != nil, state.comments[site] != nil else { return }
        var waiting = state.factsAwaitingComments.removeValue(forKey: site) ?? [:]
        var loaded = state.comments.removeValue(forKey: site) ?? SiteComments()
        for (id, comment) in waiting where loaded.contains(id) {
            loaded.modify(id) { $0.takeFacts(from: comment) }
            waiting[id] = nil
        }
        state.comments[site] = loaded
        if !waiting.isEmpty { state.factsAwaitingComments[site] = waiting }
    }

    // MARK: Address histories

    /// Asks the site for `address`'s history, unless it is known or on its way. Only a
    /// moderator may: the filters it needs are protected.
    func lookUpHistory(site: SiteID, address: AuthorAddress, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.addressHistories[site]?[address] == nil else { return .none }
        // --offline: the site cannot be asked; say so rather than "counting…" for ever.
        guard !state.outbox.offline.contains(site) else {
            state.addressHistories[site, default: [:]][address] = .failed("parley is offline")
            return .none
        }
        guard state.access(of: site) == .moderator,
              let client = connections[site]?.client else { return .none }
        state.addressHistories[site, default: [:]][address] = .loading
        return .run { send in
            let result = await Result.capturing { try await client.history(of: address) }
            await send(.historyLoaded(site: site, address: address, result: result))
        }
    }

    /// A write to a comment from `addresses` went through: their histories changed (a
    /// pending comment approved is one fewer pending), so the answers kept are dropped and
    /// the detail pane asks again (`HistoryLookupReducer`, in TerminalUI). One still on its way is left to
    /// come: during a bulk run, that keeps one request per address in flight at most.
    func forgetHistories(of addresses: [AuthorAddress], site: SiteID, in state: inout CommentsState) {
        for address in addresses where state.addressHistories[site]?[address] != .loading {
            state.addressHistories[site]?[address] = nil
        }
    }

    /// Comments `ids` arrived (a poll): the kept histories of their addresses no longer
    /// count them. Only those kept are forgotten, and the pane asks again for the comment it
    /// shows alone, so a page of comments from a hundred addresses asks nothing more.
    func commentsArrived(_ ids: [Int], site: SiteID, in state: inout CommentsState) {
        let addresses = ids.flatMap { state.comments[site]?[$0]?.facts?.addresses ?? [] }
        forgetHistories(of: addresses, site: site, in: &state)
    }

    /// `R` reloads everything from the site: the histories kept too.
    func forgetHistories(site: SiteID, in state: inout CommentsState) {
        forgetHistories(of: state.addressHistories[site].map { Array($0.keys) } ?? [], site: site, in: &state)
    }

    /// The site answered: what it could not count before (it could not be reached, say) is
    /// asked again rather than said "could not count" for the session. A failure that is
    /// not the site's absence is asked again too, at most once per answer of the site while
    /// the pane shows it: not worth telling the two apart.
    func siteAnswered(_ site: SiteID, in state: inout CommentsState) {
        let failed = (state.addressHistories[site] ?? [:]).compactMap { if case .failed = $0.value { $0.key } else { nil } }
        forgetHistories(of: failed, site: site, in: &state)
    }

    func historyLoaded(site: SiteID, address: AuthorAddress, result: Result<AddressHistory, CommentsError>,
                       in state: inout CommentsState) {
        switch result {
        case .success(let history): state.addressHistories[site, default: [:]][address] = .loaded(history)
        // Cancelled: not asked after all; the next look asks again.
        case .failure(.cancelled): state.addressHistories[site]?[address] = nil
        case .failure(let error): state.addressHistories[site, default: [:]][address] = .failed("\(error)")
        }
    }
}
