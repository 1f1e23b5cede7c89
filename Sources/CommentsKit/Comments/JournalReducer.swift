import Foundation
import Flux

/// The write log, for ``CommentsReducer`` (issue 27, "who did what"): every write that
/// ends (``WriteLifecycle/finish(_:result:in:)``) becomes a ``WriteRecord``, kept in the
/// state for the detail pane (``CommentsState/knownChanges``) and appended to the
/// ``WriteJournal`` as an effect. A write that fails but waits in the outbox for the site
/// to answer is not over: it is recorded when the outbox sends it.
///
/// Changes made outside parley are recorded the same way, with the actor
/// ``WriteRecord/Actor/outside``, when the background refresh finds them
/// (``CommentsAction/changedOnSite(site:changes:)``).
///
/// The state keeps the records of the sites whose journal was read
/// (``CommentsAction/readJournal(site:)``, which the app sends at start): an action, so a
/// replay, which has no journal, keeps the same records as the session it replays. Without
/// a journal nothing is written anywhere.
struct JournalReducer: Sendable {
    let journal: (any WriteJournal)?
    let now: @Sendable () -> Date

    /// The records kept per comment in the state: the detail pane shows the last few.
    static let keptPerComment = 5

    // MARK: Writes

    /// Records how write `write` ended with `result`, unless it stays queued (`queued`).
    /// Called before the write's answer is applied, while its comment still shows what the
    /// write began with.
    func finished(_ write: PendingWrite, result: Result<Comment, CommentsError>, queued: Bool,
                  in state: inout CommentsState) -> Effect<CommentsAction> {
        guard !queued, let record = record(of: write, result: result, in: state) else { return .none }
        return keep([record], in: &state)
    }

    /// What `write` did, as its record; nil for a write of nothing the log can name, and for
    /// one its check held because the comment changed on the site (nothing was written: the
    /// user's answer to the question decides). A write the user confirmed over such a change
    /// says which (``WriteRecord/overrode``, from ``PendingWrite/overriding``).
    func record(of write: PendingWrite, result: Result<Comment, CommentsError>, in state: CommentsState) -> WriteRecord? {
        if case .failure(.changedOnSite) = result { return nil }
        let site = write.site
        let change: WriteRecord.Change
        let comment: Int
        switch write.change {
        case let .moderation(_, id, from, moderation, _):
            let to = (try? result.get().status)
                ?? moderation.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[id])
            (comment, change) = (id, .status(from: from, to: to))
        case let .deletion(_, id):
            // Emptying the spam deletes comments never loaded: their status is not known.
            (comment, change) = (id, .deletedPermanently(from: state.comments[site]?[id]?.status))
        case let .reply(_, _, reply):
            // A new top-level comment answers nothing: it is recorded under its own id.
            let posted = try? result.get().id
            (comment, change) = (reply.parent != 0 ? reply.parent : posted ?? 0, .replyPosted(reply: posted))
        case let .edit(_, id, _, _, _):
            (comment, change) = (id, .textEdited)
        }
        guard comment > 0 else { return nil }
        let user = state.currentUsers[site]
        let outcome: WriteRecord.Outcome = switch result {
        case .success: .done
        case .failure(let error): .failed("\(error)")
        }
        return WriteRecord(time: now(), site: site, siteName: state.sites.first { $0.id == site }?.name ?? "", comment: comment,
                           actor: .parley, user: user?.name, userID: user?.id, change: change, outcome: outcome,
                           overrode: write.overriding?.sentence, via: .tui)
    }

    // MARK: Outside changes

    /// Changes someone else made to `site`'s comments, found by the refresh: kept and logged
    /// as done outside parley, at the time they were noticed (WordPress keeps no time of a
    /// change), one record per status change, deletion or new text.
    func outside(_ changes: [SiteChange], site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        let name = state.sites.first { $0.id == site }?.name ?? ""
        let records = changes.flatMap { change -> [WriteRecord] in
            var done: [WriteRecord.Change] = []
            if let after = change.after {
                if after != change.before { done.append(.status(from: change.before, to: after)) }
                if change.textChanged { done.append(.textEdited) }
            } else {
                done.append(.deletedPermanently(from: change.before))
            }
            return done.map {
                WriteRecord(time: change.noticed, site: site, siteName: name, comment: change.id, actor: .outside, change: $0)
            }
        }
        return keep(records, in: &state)
    }

    // MARK: Reading at start

    /// Keeps `site`'s records from now on, and reads those of the journal.
    func read(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        if state.knownChanges[site] == nil { state.knownChanges[site] = [:] }
        guard let journal else { return .none }
        return .run { send in
            do {
                await send(.journalRead(site: site, records: Self.latest(try await journal.records(site: site)), problem: nil))
            } catch {
                await send(.journalRead(site: site, records: [], problem: "\(error)"))
            }
        }
    }

    /// `site`'s records arrived: the last few of each comment are kept, before those
    /// recorded since the start.
    func journalRead(site: SiteID, records: [WriteRecord], problem: String?, in state: inout CommentsState) {
        if let problem { state.publish(site: site, .error, "The write log could not be read: \(problem)") }
        var known = state.knownChanges[site] ?? [:]
        for (comment, older) in Dictionary(grouping: records, by: \.comment) {
            known[comment] = Array((older + (known[comment] ?? [])).suffix(Self.keptPerComment))
        }
        state.knownChanges[site] = known
    }

    /// Of `records`, oldest first, the last ``keptPerComment`` of each comment: what the
    /// state keeps, so the action that carries them (and a session recording) stays small.
    static func latest(_ records: [WriteRecord]) -> [WriteRecord] {
        var seen: [Int: Int] = [:]
        var kept: [WriteRecord] = []
        for record in records.reversed() {
            let count = seen[record.comment, default: 0]
            guard count < keptPerComment else { continue }
            seen[record.comment] = count + 1
            kept.append(record)
        }
        return kept.reversed()
    }

    // MARK: Keeping

    /// Keeps `records` of the sites whose journal was read, and logs them.
    private func keep(_ records: [WriteRecord], in state: inout CommentsState) -> Effect<CommentsAction> {
        let records = records.filter { state.knownChanges[$0.site] != nil }
        guard !records.isEmpty else { return .none }
        for record in records {
            var history = state.knownChanges[record.site, default: [:]][record.comment, default: []]
            history.append(record)
            state.knownChanges[record.site, default: [:]][record.comment] = Array(history.suffix(Self.keptPerComment))
        }
        guard let journal else { return .none }
        return .run { _ in
            for record in records { await journal.record(record) }
        }
    }
}
