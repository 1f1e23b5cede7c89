import Foundation
import Flux

/// The cached copy of each site, for ``CommentsReducer`` (issue 14): read once at start,
/// before the site is asked, and kept in step with what the site answers.
///
/// Reading: the first screenful comes first, so the first frame shows it; the rest
/// follows; only then does the site's loading start (``CacheStanding/reading``), and each
/// page it answers removes from view what the site no longer has, as any page does. The
/// site's comments read from the copy stay "unconfirmed" until the site is listed in full.
///
/// Writing, for the sites whose copy was read (``CacheStanding/kept``): every answer the
/// store merges — a page, a poll, a write's result, a comment read again, a post title —
/// becomes a ``CacheWrite`` numbered in sequence; a full listing of the site also drops
/// from the copy what the store no longer has. A site whose copy fails
/// is left alone from then on, and the user told once.
struct CachingReducer: Sendable {
    let cache: (any CommentsCache)?

    /// How many comments the first read brings: more than any screen shows.
    static let firstScreenful = 300
    /// How many of the rest are merged at once: each batch is one job on the main actor, and
    /// a key typed meanwhile is handled between two. The whole copy of a 100,000-comment
    /// site merged at once kept keys waiting for 1.5 s (90 s in a debug build, before the
    /// thread merge stopped being quadratic).
    static let mergedAtOnce = 10_000

    /// What the reducer saw of an action before handling it, for ``record(_:before:in:)``.
    struct Before {
        /// A page answer the store will accept (its request is the one in flight).
        var pageAccepted = false
        /// The write a `writeFinished` answers.
        var write: PendingWrite?
        /// A page of a site search the store will merge (its search is the current one).
        var searchAccepted = false
    }

    static func before(_ action: CommentsAction, in state: CommentsState) -> Before {
        switch action {
        case .pageLoaded(let query, let page, let ticket, _):
            Before(pageAccepted: state.requests.fetches[query]?[page]?.id == ticket)
        case .writeFinished(let operation, _):
            Before(write: state.requests.writes[operation])
        case .searchPageLoaded(let site, let kind, let ticket, _, _):
            Before(searchAccepted: state.siteSearches[site].map { $0.ticket == ticket && $0.parts[kind] != nil } ?? false)
        default:
            Before()
        }
    }

    // MARK: Reading

    func read(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard !state.cache.reading.contains(site) else { return .none }
        state.cache.kept.insert(site)
        state.cache.reading.insert(site)
        guard let cache else {
            return .send(.cacheRead(site: site, comments: [], posts: [], finished: true, problem: nil))
        }
        let limit = Self.firstScreenful
        return .run { send in
            do {
                let first = try await cache.comments(site: site, limit: limit)
                let posts = try await cache.posts(site: site)
                let complete = first.count < limit
                await send(.cacheRead(site: site, comments: first, posts: posts, finished: complete, problem: nil))
                guard !complete else { return }
                var rest = try await cache.comments(site: site, limit: nil)[...]
                while rest.count > Self.mergedAtOnce {
                    await send(.cacheRead(site: site, comments: Array(rest.prefix(Self.mergedAtOnce)), posts: [], finished: false, problem: nil))
                    rest = rest.dropFirst(Self.mergedAtOnce)
                }
                await send(.cacheRead(site: site, comments: Array(rest), posts: [], finished: true, problem: nil))
            } catch {
                await send(.cacheRead(site: site, comments: [], posts: [], finished: true, problem: "\(error)"))
            }
        }
    }

    /// Merges what was read; once all of it is in, the site's loading may start.
    func cacheRead(
        site: SiteID, comments: [Comment], posts: [WordPressPost], finished: Bool, problem: String?,
        loading: LoadingReducer, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard state.cache.reading.contains(site) else { return .none }
        if !comments.isEmpty {
            loading.importComments(CommentsImported(site: site, comments: comments), into: &state)
            state.cache.unconfirmed.insert(site)
        }
        for post in posts { loading.postLoaded(post, site: site, in: &state) }
        if let problem {
            state.publish(site: site, .error, "The local copy of this site could not be read (\(problem)); loading it from the site.")
        }
        guard finished else { return .none }
        state.cache.reading.remove(site)
        return loading.activeQueriesChanged(in: &state)
    }

    func cacheFailed(site: SiteID, problem: String, in state: inout CommentsState) {
        guard state.cache.failed.insert(site).inserted else { return }
        state.publish(site: site, .error, "The local copy of this site cannot be written (\(problem)); parley goes on without it.")
    }

    // MARK: Writing

    /// The cache write `action` calls for, now that the reducer has handled it.
    func record(_ action: CommentsAction, before: Before, in state: inout CommentsState) -> Effect<CommentsAction> {
        switch action {
        case .pageLoaded(let query, _, _, .success(let answer)) where before.pageAccepted:
            guard state.cache.kept.contains(query.site) else { return .none }
            var write = CacheWrite(sequence: 0, site: query.site, comments: answer.comments)
            if isListedInFull(query, in: state) {
                write.keepOnly = serverIDs(of: query.site, in: state)
                state.cache.unconfirmed.remove(query.site)
            }
            return submit(write, in: &state)
        case .writeFinished(_, let result):
            guard let site = before.write?.site else { return .none }
            switch result {
            case .success(let comment):
                let kept = state.comments[site]?.contains(comment.id) == true
                return submit(CacheWrite(sequence: 0, site: site, comments: kept ? [comment] : [], removed: kept ? [] : [comment.id]),
                              in: &state)
            case .failure:
                // Gone from the site (a 404 removes it here too).
                guard let id = before.write?.commentID, state.comments[site]?.contains(id) == false else { return .none }
                return submit(CacheWrite(sequence: 0, site: site, removed: [id]), in: &state)
            }
        case .sourceLoaded(let site, _, .success(let comment)):
            return submit(CacheWrite(sequence: 0, site: site, comments: [comment]), in: &state)
        case .factsLoaded(let site, .success(let comments)):
            return submit(CacheWrite(sequence: 0, site: site, comments: comments), in: &state)
        case .searchPageLoaded(let site, _, _, _, .success(let answer)) where before.searchAccepted:
            // Merged into memory like a page: the copy must hold it too, or a search
            // through the copy's index would miss it.
            return submit(CacheWrite(sequence: 0, site: site, comments: answer.comments), in: &state)
        case .polled(let site, _, .success(let comments)):
            return submit(CacheWrite(sequence: 0, site: site, comments: comments), in: &state)
        case .postLoaded(let site, let post):
            return submit(CacheWrite(sequence: 0, site: site, posts: [post]), in: &state)
        default:
            return .none
        }
    }

    /// What the background refresh found (``SweepReducer``): comments as the site has them
    /// now, and those it no longer has.
    func refreshed(site: SiteID, comments: [Comment], removed: [Int], in state: inout CommentsState) -> Effect<CommentsAction> {
        submit(CacheWrite(sequence: 0, site: site, comments: comments, removed: removed), in: &state)
    }

    /// Whether `query` lists the whole site and every page of it is in.
    private func isListedInFull(_ query: CommentsQuery, in state: CommentsState) -> Bool {
        let fetch = state.fetch(query)
        return query.post == nil && query.statuses == Set(CommentStatus.allCases) && fetch.phase == .loaded && fetch.pagesLoaded > 0 && !fetch.hasMore
            && state.requests.pagesInFlight(query).isEmpty
    }

    private func serverIDs(of site: SiteID, in state: CommentsState) -> Set<Int> {
        guard let comments = state.comments[site] else { return [] }
        var ids = Set<Int>(minimumCapacity: comments.serverCount)
        for entry in comments.allEntries where !entry.isLocal { ids.insert(entry.id) }
        return ids
    }

    private func submit(_ write: CacheWrite, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.cache.kept.contains(write.site), !write.isEmpty, !state.cache.failed.contains(write.site) else { return .none }
        state.cache.lastWrite += 1
        var write = write
        write.sequence = state.cache.lastWrite
        guard let cache else { return .none }
        return .run { [write] send in
            if let problem = await cache.write(write) {
                await send(.cacheFailed(site: write.site, problem: problem))
            }
        }
    }
}
