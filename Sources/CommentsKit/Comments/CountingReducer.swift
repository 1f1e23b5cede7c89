import Foundation
import Flux

/// Counts per status, for ``CommentsReducer``: the site's own totals
/// (``WordPressClient/countsByStatus(post:kinds:)``, `X-WP-Total` of a one-comment page per
/// status and kind, comments and pings as wp-admin counts them), so the header's pending
/// badge and the Status filters are true before the whole site is loaded.
///
/// The counts are asked when a site opens (``CommentsAction/countStatuses(site:)``), on a
/// reload, when a query's last page arrives and after every write the site confirms. A
/// status change or deletion made here moves the counts at once (``CountAdjustment``, from
/// ``WriteLifecycle``); a failed write takes its move back; an answer asked after the write
/// ended settles it.
struct CountingReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    let now: @Sendable () -> Date

    /// Asks `site` for its counts, unless a request is already on its way (then it asks
    /// again when that one ends).
    func ask(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else { return .none }
        var counts = state.counts[site] ?? SiteCounts()
        defer { state.counts[site] = counts }
        guard counts.inFlight == nil else {
            counts.askAgain = true
            return .none
        }
        counts.lastTicket += 1
        counts.askAgain = false
        let ticket = counts.lastTicket
        counts.inFlight = (ticket, now())
        return .run { send in
            let result = await Result.capturing { StatusCounts(try await client.countsByStatus()) }
            await send(.countsLoaded(site: site, ticket: ticket, result: result))
        }
    }

    /// Asks `site` for its counts again, if it was ever asked (a site never opened is not
    /// counted behind the caller's back).
    func refresh(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard state.counts[site] != nil else { return .none }
        return ask(site: site, in: &state)
    }

    /// The answer to request `ticket`: the site's counts now include every write that ended
    /// before it was asked.
    func loaded(
        site: SiteID, ticket: Int, result: Result<StatusCounts, CommentsError>, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard var counts = state.counts[site], let asked = counts.inFlight, asked.ticket == ticket else { return .none }
        counts.inFlight = nil
        switch result {
        case .success(let answer):
            counts.server = answer
            counts.askedAt = asked.askedAt
            counts.problem = nil
            counts.adjustments.removeAll { $0.settledBy.map { $0 <= ticket } ?? false }
        case .failure(let error):
            // The last answer stays, adjusted by the writes since: better than nothing.
            counts.problem = "Could not count the comments: \(error)"
        }
        state.counts[site] = counts
        return counts.askAgain ? ask(site: site, in: &state) : .none
    }

    /// The outbox entry sent as write `operation` got through: its move, which its entry made
    /// while it waited, stays until an answer asked after it settles it (the badge does not
    /// come back for the moment between the two). Call before the entry leaves the outbox.
    func outboxEntrySent(_ item: OutboxItem, operation: Int, in state: inout CommentsState) {
        guard let move = Self.move(of: item.write, site: item.site, in: state) else { return }
        Self.move(site: item.site, CountAdjustment(operation: operation, from: move.from, to: move.to), in: &state)
    }

    /// How a write waiting in the outbox moves its comment between the counts, as its row
    /// shows it: out of the status it had, into the one it is given (nil: deleted for good).
    /// Nil for replies and edits, which count nothing here, and for a comment not loaded.
    static func move(of write: OutboxWrite, site: SiteID, in state: CommentsState) -> (from: CommentStatus, to: CommentStatus?)? {
        switch write {
        case let .moderation(id, from, to):
            let target = to.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[id])
            return from == target ? nil : (from, target)
        case let .deletion(id):
            return state.comments[site]?[id].map { ($0.status, nil) }
        case .reply, .edit:
            return nil
        }
    }

    /// Moves the counts of `site` for a write made here, before the site answers (a
    /// status change or a deletion begun by ``WriteLifecycle``).
    static func move(site: SiteID, _ adjustment: CountAdjustment, in state: inout CommentsState) {
        guard adjustment.from != adjustment.to, state.counts[site] != nil else { return }
        state.counts[site]?.adjustments.append(adjustment)
    }

    /// The write `operation` on `site` ended: a failure takes its move back; a success is
    /// settled by the next answer, asked now (a reply changes the counts too).
    func writeFinished(
        _ write: WriteChange, operation: Int, succeeded: Bool, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        let site = write.site
        guard succeeded else {
            state.counts[site]?.adjustments.removeAll { $0.operation == operation }
            return .none
        }
        guard case .edit = write else {
            if var counts = state.counts[site], let index = counts.adjustments.firstIndex(where: { $0.operation == operation }) {
                // The next request asked: the one asked now, or the one after the request in flight.
                counts.adjustments[index].settledBy = counts.lastTicket + 1
                state.counts[site] = counts
            }
            return refresh(site: site, in: &state)
        }
        return .none
    }
}
