import Foundation
import Flux

/// How ``CommentsStore``'s state answers each action: the one place it changes. A value
/// holding the store's dependencies (the sites' clients, the clock, the page size), whose
/// `reduce` changes ``CommentsState`` in place and returns what to do outside as an
/// ``Effect`` (requests to the sites, whose answers come back as actions).
///
/// It routes each action to the part that knows its concern, each in a file of its name:
/// - ``LoadingReducer``: the queries views hold, page requests and their answers, imports,
///   post titles;
/// - ``ModerationReducer``: status changes (trash included), permanent deletion, undo;
/// - ``ReplyReducer``: replies (sent, retried, discarded) and edits;
/// - ``CredentialsReducer``: who we are logged in as;
/// - ``CountingReducer``: the site's counts per status (asked on the routes marked so).
/// - ``FactsReducer``: what the login check changes, and the addresses' histories.
/// - ``CachingReducer``: each site's cached copy, read at start and kept in step.
/// - ``SiteSearchReducer``: a search that asks the site while it loads.
/// - ``OutboxSendReducer``: writes made while a site could not be reached, sent when it answers.
/// - ``JournalReducer``: the write log, who did what to each comment.
/// - ``ConflictReducer``: the user's answer to a write held because its comment changed on the site.
/// - ``SweepReducer``: what others change on the site, found by each poll and rolling re-reads.
/// - ``SpamScoreReducer``: each site's spam scores, again after every change of its comments.
///
/// Every write — a single key's, an undo's, a bulk run's, the outbox's — then goes the same
/// way: ``WriteLifecycle`` begins it, sends it and finishes it
/// (``CommentsAction/writeFinished(operation:result:)``).
struct CommentsReducer: Sendable {
    let loading: LoadingReducer
    let moderation: ModerationReducer
    let replies: ReplyReducer
    let credentials: CredentialsReducer
    let counting: CountingReducer
    let facts: FactsReducer
    let bulk: BulkReducer
    let caching: CachingReducer
    let polling: PollingReducer
    let searching: SiteSearchReducer
    let outbox: OutboxSendReducer
    let writes: WriteLifecycle
    let journal: JournalReducer
    let conflicts: ConflictReducer
    let sweep: SweepReducer
    let spam: SpamScoreReducer

    /// - Parameters:
    ///   - ttl: how long loaded comments count as fresh.
    ///   - pageSize: comments per request, 1…100.
    ///   - loadConcurrency: page requests in flight while the rest of a query loads by
    ///     itself; 0: no background loading.
    ///   - now: the clock.
    ///   - cache: where each site's copy is kept between runs; nil: nowhere.
    ///   - pollInterval: between two polls of a site for new comments; zero: no polling.
    ///   - clock: what the poll timer sleeps on.
    ///   - journal: where every write is logged; nil: nowhere.
    ///   - sweepBudget: requests a minute per site for the background refresh; 0: no refresh.
    init(
        sites: [SiteConnection], ttl: TimeInterval, pageSize: Int, loadConcurrency: Int = 0, cache: (any CommentsCache)? = nil,
        now: @escaping @Sendable () -> Date, pollInterval: Duration = .zero, clock: any Clock<Duration> = ContinuousClock(),
        journal: (any WriteJournal)? = nil,
        sweepBudget: Int = CommentsStore.defaultSweepBudget, spamModels: SiteSpamModels? = nil
    ) {
        let connections = Dictionary(sites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        loading = LoadingReducer(connections: connections, ttl: ttl, pageSize: min(max(pageSize, 1), 100),
                                  concurrency: max(0, loadConcurrency), now: now)
        moderation = ModerationReducer(connections: connections)
        replies = ReplyReducer(connections: connections, now: now)
        credentials = CredentialsReducer(connections: connections)
        counting = CountingReducer(connections: connections, now: now)
        facts = FactsReducer(connections: connections, pageSize: min(max(pageSize, 1), 100))
        bulk = BulkReducer(connections: connections)
        caching = CachingReducer(cache: cache)
        polling = PollingReducer(connections: connections, interval: pollInterval, clock: clock, pageSize: min(max(pageSize, 1), 100),
                                 now: now)
        searching = SiteSearchReducer(connections: connections, pageSize: min(max(pageSize, 1), 100),
                                      concurrency: max(1, loadConcurrency))
        outbox = OutboxSendReducer(connections: connections, cache: cache, clock: clock, now: now)
        self.journal = JournalReducer(journal: journal, now: now)
        writes = WriteLifecycle(counting: counting, facts: facts, bulk: bulk, outbox: outbox, journal: self.journal)
        conflicts = ConflictReducer(connections: connections)
        sweep = SweepReducer(connections: connections, budget: max(0, sweepBudget), pollInterval: pollInterval, clock: clock,
                             now: now, counting: counting, caching: caching)
        spam = SpamScoreReducer(models: spamModels)
    }

    /// Every action dispatched: comments imported from elsewhere and ``CommentsAction``s
    /// change the state; others pass by.
    func reduce(_ state: inout CommentsState, _ action: any Action) -> Effect<CommentsAction> {
        let effect = reduceAny(&state, action)
        // Whatever changed a site's comments changed what its scores are of.
        guard spam.models != nil else { return effect }
        return .merge(effect, spam.rescore(in: &state))
    }

    private func reduceAny(_ state: inout CommentsState, _ action: any Action) -> Effect<CommentsAction> {
        if let action = action as? CommentsAction {
            guard !state.cache.kept.isEmpty else { return .merge(reduce(&state, action), siteAnswered(action, in: &state)) }
            let before = CachingReducer.before(action, in: state)
            let effect = reduce(&state, action)
            let cached = Effect.merge(effect, caching.record(action, before: before, in: &state))
            return .merge(cached, siteAnswered(action, in: &state))
        }
        if let imported = action as? CommentsImported { loading.importComments(imported, into: &state) }
        return .none
    }

    /// One ``CommentsAction``.
    func reduce(_ state: inout CommentsState, _ action: CommentsAction) -> Effect<CommentsAction> {
        switch action {
        case .queryStarted(let query): return loading.queryStarted(query, in: &state)
        case .queryEnded(let query): return loading.queryEnded(query, in: &state)
        case .refresh(let query):
            facts.forgetHistories(site: query.site, in: &state)
            return .merge(loading.refresh(query, in: &state), counting.refresh(site: query.site, in: &state))
        case .loadMore(let query): return loading.loadMore(query, in: &state)
        case .loadEnd(let query): return loading.loadEnd(query, in: &state)
        case .pageLoaded(let query, let page, let ticket, let result):
            let wasComplete = Self.isComplete(state.fetch(query))
            let effect = loading.pageLoaded(query, page: page, ticket: ticket, result: result, in: &state)
            facts.pageMerged(site: query.site, in: &state)
            let retry = facts.pageRefused(query, result: result, loading: loading, in: &state)
            let loaded = Effect.merge(effect, retry)
            // The last page of a site that took more than one: its counts are asked again.
            guard page > 1, !wasComplete, Self.isComplete(state.fetch(query)) else { return loaded }
            return .merge(loaded, counting.refresh(site: query.site, in: &state))
        case .postLoaded(let site, let post): loading.postLoaded(post, site: site, in: &state)
        case .trash(let site, let id): return moderation.moderate(site: site, id: id, to: .trash, in: &state)
        case .moderate(let site, let id, let to): return moderation.moderate(site: site, id: id, to: to, in: &state)
        case .deletePermanently(let site, let id): return moderation.deletePermanently(site: site, id: id, in: &state)
        case .undo:
            if let batch = state.undoStack.last?.batch { return bulk.undo(batch: batch, in: &state) }
            return moderation.undo(in: &state)
        case .reply(let site, let post, let parent, let text):
            return replies.reply(site: site, post: post, parent: parent, text: text, in: &state)
        case .retryReply(let site, let localID): return replies.retryReply(site: site, localID: localID, in: &state)
        case .discardReply(let site, let localID): replies.discardReply(site: site, localID: localID, in: &state)
        case .edit(let site, let id, let text): return replies.edit(site: site, id: id, text: text, in: &state)
        case .loadSource(let site, let id): return replies.loadSource(site: site, id: id)
        case .sourceLoaded(let site, let id, let result):
            // A text someone else edited shows and is logged as the refresh's finds are.
            guard let change = replies.sourceLoaded(site: site, id: id, result: result, in: &state) else { return .none }
            sweep.changedOnSite(site: site, changes: [change], in: &state)
            return journal.outside([change], site: site, in: &state)
        case .writeFinished(let operation, let result): return writes.finish(operation, result: result, in: &state)
        case .verifyCredentials(let site):
            // Shown from its cached copy and not asked yet: nothing current is asked before
            // the login is checked (a refused password is said at once, the rows stay cached).
            if state.cache.kept.contains(site), !state.outbox.offline.contains(site),
               !state.activeQueries.queries.contains(where: { $0.site == site && state.fetch($0).pagesLoaded > 0 }) {
                state.cache.awaitingLogin.insert(site)
            }
            return credentials.verify(site: site)
        case .credentialsChecked(let site, let result):
            credentials.checked(site: site, result: result, in: &state)
            let checked = facts.loginChecked(site: site, loading: loading, in: &state)
            guard state.cache.awaitingLogin.remove(site) != nil else { return checked }
            return .merge(checked, loading.activeQueriesChanged(in: &state))
        case .lookUpHistory(let site, let address): return facts.lookUpHistory(site: site, address: address, in: &state)
        case .historyLoaded(let site, let address, let result):
            facts.historyLoaded(site: site, address: address, result: result, in: &state)
        case .factsLoaded(let site, let result): facts.factsLoaded(site: site, result: result, in: &state)
        case .quickEdit(let site, let id, let text, let author):
            return replies.edit(site: site, id: id, text: text, author: author, in: &state)
        case .countStatuses(let site): return counting.ask(site: site, in: &state)
        case .countsLoaded(let site, let ticket, let result):
            return counting.loaded(site: site, ticket: ticket, result: result, in: &state)
        case .bulk(let site, let ids, let action): return bulk.start(site: site, ids: ids, action: action, in: &state)
        case .stopBulk: return bulk.stop(in: &state)
        case .retryBulkFailures: return bulk.retryFailures(in: &state)
        case .countToEmpty(let site, let status): return bulk.countToEmpty(site: site, status: status)
        case .countedToEmpty(let site, let status, let result): bulk.countedToEmpty(site: site, status: status, result: result, in: &state)
        case .empty(let site, let status, let count): return bulk.empty(site: site, status: status, count: count, in: &state)
        case .listedToEmpty(let site, let status, let agreed, let result):
            return bulk.listed(site: site, status: status, agreed: agreed, result: result, in: &state)
        case .readCache(let site): return caching.read(site: site, in: &state)
        case .cacheRead(let site, let comments, let posts, let finished, let problem):
            let wasReading = state.cache.reading.contains(site)
            let read = caching.cacheRead(site: site, comments: comments, posts: posts, finished: finished, problem: problem,
                                         loading: loading, in: &state)
            // The outbox changes comments of the copy: read once the copy is in.
            return finished && wasReading ? .merge(read, outbox.read(site: site)) : read
        case .cacheFailed(let site, let problem): caching.cacheFailed(site: site, problem: problem, in: &state)
        case .startPolling(let site):
            sweep.start(site: site, in: &state)
            return polling.start(site: site)
        case .stopPolling: return .merge(polling.stop(in: &state), outbox.stopTimers(), sweep.stop(in: &state))
        case .poll(let site): return .merge(polling.poll(site: site, in: &state), sweep.pollStarted(site: site, in: &state))
        case .polled(let site, let ticket, let result):
            // New comments move the site's counts and their addresses' histories: asked
            // again, as after a reload.
            let (arrived, changed) = polling.polled(site: site, ticket: ticket, result: result, in: &state)
            let outside = changed.isEmpty ? Effect<CommentsAction>.none : .send(.changedOnSite(site: site, changes: changed))
            guard !arrived.isEmpty else { return outside }
            facts.commentsArrived(arrived, site: site, in: &state)
            return .merge(counting.refresh(site: site, in: &state), outside)
        case .markSeen(let site, let ids): polling.markSeen(site: site, ids: ids, in: &state)
        case .batchSizeRead(let site, let size): return bulk.batchSizeRead(site: site, size: size, in: &state)
        case .searchSite(let site, let term, let statuses): return searching.search(site: site, term: term, statuses: statuses, in: &state)
        case .searchPageLoaded(let site, let kind, let ticket, let page, let result):
            return searching.pageLoaded(site: site, kind: kind, ticket: ticket, page: page, result: result, in: &state)
        case .workOffline(let sites): outbox.workOffline(sites, in: &state)
        case .outboxStored(let site, let number, let record, let problem):
            return outbox.stored(site: site, number: number, record: record, problem: problem, in: &state)
        case .outboxRead(let site, let entries, let problem):
            return outbox.outboxRead(site: site, entries: entries, problem: problem, in: &state)
        case .sendOutbox(let site): return outbox.send(site: site, in: &state)
        case .dropOutboxEntry(let number): return outbox.drop(number, in: &state)
        case .readJournal(let site): return journal.read(site: site, in: &state)
        case .journalRead(let site, let records, let problem):
            journal.journalRead(site: site, records: records, problem: problem, in: &state)
        case .overrideConflict(let number): return conflicts.override(number, in: &state)
        case .dismissConflict(let number): conflicts.dismiss(number, in: &state)
        case .bulkChecked(let run, let ids, let result): return bulk.checked(run: run, ids: ids, result: result, in: &state)
        case .sweepTick(let site): return sweep.tick(site: site, in: &state)
        case .statusPageRead(let site, let ticket, let result):
            return sweep.statusPageRead(site: site, ticket: ticket, result: result, in: &state)
        case .rechecked(let site, let ticket, let result): return sweep.rechecked(site: site, ticket: ticket, result: result, in: &state)
        case .recheck(let site, let id): return sweep.recheck(site: site, id: id, in: &state)
        case .changedOnSite(let site, let changes):
            sweep.changedOnSite(site: site, changes: changes, in: &state)
            return journal.outside(changes, site: site, in: &state)
        case .siteChangesSeen(let site, let ids): sweep.seen(site: site, ids: ids, in: &state)
        case .spamScored(let site, let scores): spam.scored(site: site, scores: scores, in: &state)
        case .explainSpam(let site, let id): return spam.explain(site: site, id: id, in: &state)
        case .spamExplained(let explanation): spam.explained(explanation, in: &state)
        }
        return .none
    }

    /// What an answer of a site says about reaching it: a success sends its outbox and has
    /// the histories it could not count asked again; a certain failure to reach it marks it
    /// unreachable.
    private func siteAnswered(_ action: CommentsAction, in state: inout CommentsState) -> Effect<CommentsAction> {
        let site: SiteID, error: CommentsError?
        switch action {
        case .pageLoaded(let query, _, _, let result): (site, error) = (query.site, result.failure)
        case .polled(let answered, _, let result): (site, error) = (answered, result.failure)
        case .countsLoaded(let answered, _, let result): (site, error) = (answered, result.failure)
        case .statusPageRead(let answered, _, let result): (site, error) = (answered, result.failure)
        case .rechecked(let answered, _, let result): (site, error) = (answered, result.failure)
        case .credentialsChecked(let answered, let result): (site, error) = (answered, result.failure)
        default: return .none
        }
        let reached: Bool
        switch error {
        case nil, .http?: reached = true  // an answer, even a refusal, says the site is there
        case let error? where OutboxSendReducer.queues(error): reached = false
        default: return .none
        }
        let wasUnreachable = state.outbox.unreachable.contains(site)
        if reached { facts.siteAnswered(site, in: &state) }
        let sent = outbox.siteAnswered(site, reached: reached, in: &state)
        guard reached, wasUnreachable else { return sent }
        return .merge(sent, resumeLoading(site, in: &state))
    }

    /// The site answers again after it could not be reached: the loads it broke off go on
    /// (a list shown from the replica is checked after all, instead of staying "cached,
    /// checking…" until `R`).
    private func resumeLoading(_ site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        var resumed: Effect<CommentsAction> = .none
        for query in state.activeQueries.queries where query.site == site && state.fetch(query).error != nil {
            let effect = state.fetch(query).pagesLoaded == 0 ? loading.refresh(query, in: &state) : loading.loadMore(query, in: &state)
            resumed = .merge(resumed, effect)
        }
        return resumed
    }

    /// Whether every page of a query is loaded.
    private static func isComplete(_ fetch: FetchState) -> Bool {
        fetch.phase == .loaded && fetch.pagesLoaded > 0 && !fetch.hasMore
    }
}
