import Foundation
import Flux

/// The comments of every site, and everything a moderator does to them.
///
/// A ``FluxStore``: its state changes only in ``CommentsReducer``, in answer to an action,
/// and what it asks of the sites runs as the effects that reducer returns. Everything it
/// knows is in ``CommentsState`` — the queries views hold, the requests in flight
/// (``CommentsRequests``), the undo stack — so it is a function of its action history,
/// and time travel puts back all of it. Nothing outside CommentsKit can write it
/// (`Tests/compile-fail` proves it).
///
/// Views ask for ``CommentsQuery`` slices with ``query(_:)`` and hold the receipt; the
/// store loads what active queries need (``LoadingReducer``). Moderation and undo:
/// ``ModerationReducer``; replies and edits: ``ReplyReducer``; what a write's answer
/// does: ``WriteOutcome``; credentials: ``CredentialsReducer``; the site's counts per
/// status: ``CountingReducer``.
@MainActor
public final class CommentsStore: FluxStore<CommentsState, CommentsAction> {
    /// How long loaded comments count as fresh by default.
    public static let defaultTTL: TimeInterval = 60
    /// Page requests in flight while a site loads in the background, unless configured.
    public nonisolated static let defaultLoadConcurrency = 4
    /// Seconds between two polls of a site for new comments, unless configured.
    public nonisolated static let defaultPollInterval = 60
    /// Requests a minute per site that the background refresh of what others change may
    /// make (the polls come on top), unless configured: at the default poll interval, a
    /// 20,000-comment site is read through in under 8 minutes.
    public nonisolated static let defaultSweepBudget = 30

    /// Creates the store for `sites`.
    /// - Parameters:
    ///   - ttl: how long loaded comments count as fresh: within it, a new receipt does not
    ///     refetch.
    ///   - pageSize: comments per request, 1…100.
    ///   - loadConcurrency: with more than 0, after page 1 of a query the rest loads by
    ///     itself, this many pages in flight at once (the app's default is
    ///     ``defaultLoadConcurrency``); 0: only the pages asked for (`loadMore`).
    ///   - cache: where each site's copy is kept between runs (``CommentsCache``; read with
    ///     ``CommentsAction/readCache(site:)``); nil: nowhere.
    ///   - now: the clock (tests pass a fixed one).
    ///   - pollInterval: between two polls of a site for new comments
    ///     (``CommentsAction/startPolling(site:)``); zero, the default: no polling.
    ///   - clock: what the poll timer sleeps on (tests pass a `TestClock`).
    ///   - journal: where every write is logged, and read back for the detail pane
    ///     (``WriteJournal``, read with ``CommentsAction/readJournal(site:)``); nil: nowhere.
    ///   - sweepBudget: requests a minute per site that the background refresh of what others
    ///     change may make, besides the polls (``defaultSweepBudget``); 0: no refresh.
    ///   - spamModels: where each site's spam model is learned and its comments scored
    ///     (issue 30, ``SpamScoreReducer``); nil, the default: no scores.
    public init(
        sites: [SiteConnection],
        dispatcher: Dispatcher = .shared,
        ttl: TimeInterval = CommentsStore.defaultTTL,
        pageSize: Int = 100,
        loadConcurrency: Int = 0,
        cache: (any CommentsCache)? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        pollInterval: Duration = .zero,
        clock: any Clock<Duration> = ContinuousClock(),
        journal: (any WriteJournal)? = nil,
        sweepBudget: Int = CommentsStore.defaultSweepBudget,
        spamModels: SiteSpamModels? = nil
    ) {
        let reducer = CommentsReducer(sites: sites, ttl: ttl, pageSize: pageSize, loadConcurrency: loadConcurrency,
                                      cache: cache, now: now, pollInterval: pollInterval, clock: clock, journal: journal,
                                      sweepBudget: sweepBudget, spamModels: spamModels)
        var initial = CommentsState()
        initial.sites = sites.map { SiteInfo(id: $0.id, name: $0.name) }
        // Every action, not only CommentsAction: comments imported by another way come as
        // their own action (`CommentsImported`).
        super.init(initialState: initial, dispatcher: dispatcher, handling: { state, action in
            reducer.reduce(&state, action)
        })
    }

    /// Registers interest in `query` for as long as the receipt lives: the store keeps it
    /// loaded. Asking for a query that is already active shares it; it stays active until
    /// its last receipt goes.
    ///
    /// Taking and ending a receipt are actions (``CommentsAction/queryStarted(_:)``,
    /// ``CommentsAction/queryEnded(_:)``), so they are in the action history like any
    /// change. Called while the dispatcher delivers an action or a store notifies its
    /// subscribers, the load starts right after, in dispatch order.
    public func query(_ query: CommentsQuery) -> Receipt {
        dispatcher.dispatch(CommentsAction.queryStarted(query))
        return Receipt { [weak self] in
            self?.dispatcher.dispatch(CommentsAction.queryEnded(query))
        }
    }
}
