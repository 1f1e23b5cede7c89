import Foundation
import Flux

/// Live updates, for ``CommentsReducer``: each site is asked every ``interval`` for the
/// comments written after the newest one loaded (`after=`, oldest first, every status the
/// user may see), and what arrives is merged like a page and kept as "new" until the user
/// has seen it (``CommentsState/newComments``). A poll asks for the pings too, one request
/// each kind (``CommentKind``), when the site's pings are listed (a view holds their query):
/// a new pingback waits for moderation as a comment does.
///
/// The timer is an effect that sleeps on ``clock`` between polls, so the process does
/// nothing while nothing happens; ``CommentsAction/stopPolling`` (quitting) cancels it.
/// One poll per site at a time: a tick while one is on its way asks nothing. A poll that
/// fails says nothing (the next one tries again): a site that is down for a while would
/// otherwise fill the status bar every minute.
struct PollingReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    /// Between two polls of a site; zero: no polling.
    let interval: Duration
    /// What the timer sleeps on (a `TestClock` in tests).
    let clock: any Clock<Duration>
    /// Comments per poll (WordPress allows at most 100); more come with the next poll.
    let pageSize: Int
    /// When a change it brings was noticed.
    let now: @Sendable () -> Date

    /// Arms the timer of `site` (again: the newest wins). Nothing when polling is off.
    func start(site: SiteID) -> Effect<CommentsAction> {
        guard interval > .zero, connections[site] != nil else { return .none }
        let clock = self.clock, interval = self.interval
        return Effect.run { send in
            while true {
                guard (try? await clock.sleep(for: interval)) != nil else { return }
                await send(.poll(site: site))
            }
        }
        .cancellable(id: PollTimer(site: site), cancelInFlight: true)
    }

    /// Cancels every timer and every poll on its way.
    func stop(in state: inout CommentsState) -> Effect<CommentsAction> {
        let timers: [Effect<CommentsAction>] = connections.keys.sorted().map { .cancel(id: PollTimer(site: $0)) }
        let polls: [Effect<CommentsAction>] = state.polls.keys.sorted().map { .cancel(id: PollRequest(site: $0)) }
        state.polls = [:]
        let all = timers + polls
        return all.isEmpty ? .none : .merge(all)
    }

    /// Asks `site` for what came after its newest loaded comment. Nothing while a poll is
    /// on its way, or before anything is loaded (the first page brings the newest then).
    func poll(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.polls[site] == nil, let client = connections[site]?.client,
              let newest = state.comments[site]?.newestServerDate else { return .none }
        var request = CommentsQuery(site: site).request(page: 1, perPage: pageSize, access: state.access(of: site))
        // A second early: WordPress's `after` is strict and dates have whole seconds, so a
        // comment written in the same second as the newest is not missed (the newest comes
        // back too, and is merged as already known).
        request.after = newest.addingTimeInterval(-1)
        request.order = .asc
        let kinds = CommentKind.allCases.filter { kind in
            kind == .comments || state.activeQueries.queries.contains { $0.site == site && $0.kind == kind }
        }
        let ticket = state.requests.takeTicket()
        state.polls[site] = ticket
        return Effect.run { [request] send in
            let result = await Result.capturing {
                var found: [Comment] = []
                for kind in kinds {
                    var typed = request
                    typed.type = kind.rawValue
                    found += try await client.list(typed).comments
                }
                return found
            }
            await send(.polled(site: site, ticket: ticket, result: result))
        }
        .cancellable(id: PollRequest(site: site))
    }

    /// A poll's answer: its comments merged (comments changed here stay as they are), the
    /// ones not loaded before marked new. Returns those, and the loaded ones that came back
    /// changed by someone else (the newest loaded comes back with every poll).
    func polled(site: SiteID, ticket: Int, result: Result<[Comment], CommentsError>, in state: inout CommentsState)
        -> (arrived: [Int], changed: [SiteChange]) {
        guard state.polls[site] == ticket else { return ([], []) }
        state.polls[site] = nil
        guard case .success(let comments) = result, !comments.isEmpty else { return ([], []) }
        let changedHere = state.requests.localRevisions[site] ?? [:]
        let writing = state.requests.commentsBeingWritten(on: site)
        var siteComments = state.comments.removeValue(forKey: site) ?? SiteComments()
        let fresh = comments.map(\.id).filter { !siteComments.contains($0) }
        // A comment already loaded that comes back changed was changed by someone else
        // (issue 27): said and marked as the refresh's finds are, not taken silently.
        let changed = comments.compactMap { comment -> SiteChange? in
            guard let entry = siteComments[comment.id], !entry.isLocal, changedHere[comment.id] == nil,
                  !writing.contains(comment.id) else { return nil }
            let textChanged = HTMLText.plainText(fromHTML: comment.contentHTML) != entry.text
            guard textChanged || comment.status != entry.status else { return nil }
            return SiteChange(id: comment.id, before: entry.status, after: comment.status, textChanged: textChanged, noticed: now())
        }
        siteComments.merge(comments) { changedHere[$0] != nil || writing.contains($0) }
        state.comments[site] = siteComments
        state.newComments[site, default: []].formUnion(fresh)
        return (fresh, changed)
    }

    /// The user saw these comments: they are no longer new.
    func markSeen(site: SiteID, ids: [Int], in state: inout CommentsState) {
        guard var new = state.newComments[site] else { return }
        new.subtract(ids)
        state.newComments[site] = new.isEmpty ? nil : new
    }
}

extension SiteComments {
    /// The date of the newest comment that came from the site (replies still being sent
    /// left out); nil when none did. One pass over the dates of the rows, no entry built.
    var newestServerDate: Date? {
        var newest: Int32?
        for (position, date) in facts.date.enumerated() where facts.flags[position] & RowFacts.isLocal == 0 {
            if newest.map({ date > $0 }) ?? true { newest = date }
        }
        return newest.map { Date(timeIntervalSinceReferenceDate: TimeInterval($0)) }
    }
}

/// The id the timer of a site's polling runs under.
private struct PollTimer: Hashable, Sendable {
    let site: SiteID
}

/// The id a site's poll request runs under.
private struct PollRequest: Hashable, Sendable {
    let site: SiteID
}
