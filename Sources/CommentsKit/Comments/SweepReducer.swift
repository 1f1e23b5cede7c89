import Foundation
import Flux

/// Fresh without `R`, for ``CommentsReducer``: what other moderators change on a site
/// (approve, spam, trash, restore, delete, edit in wp-admin, another parley, the app)
/// reaches the list, the detail pane, the counts and the cache by itself.
///
/// Each poll (``PollingReducer``) makes a status check due: the id of every pending, spam
/// and trash comment the site holds (`_fields=id,status` lists, small on real sites) and
/// the approved count — which are also the site's counts per status. A loaded comment
/// whose status differs takes the site's; one that left those lists (approved again, or
/// deleted) is re-read at once. The loaded approved comments are re-read in rolling
/// batches of 100 (`include=`, `status=any`, `_fields=id,status,content,parent`): a new
/// status or text is taken, and an id missing from the answer is gone from the site.
///
/// The budget: a ticker wakes ``budget`` times a minute while there is work, and each tick
/// sends one request — a page of the status check, a re-read — or pays for one sent without
/// a tick (a re-read the cursor asked for): the refresh never asks more than
/// ``budget`` requests a minute, however large the site (the poll's own request, one per
/// interval, comes on top, as before, and so do the counts asked after each status check).
/// Re-reads waiting get as many ticks after a status check as it took, so a short poll interval cannot starve them. At the default (30) and
/// the default poll interval (60 s), a status check takes 4 of them and 26 batches of 100
/// approved comments a minute are re-read: a 20,000-comment site is read through in
/// under 8 minutes.
///
/// A comment with a write in flight or waiting in the outbox, or changed here after the
/// request left, keeps its local state (as a page does, ``CommentsRequests``).
struct SweepReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    /// The refresh's requests a minute per site (the polls are not counted); 0: no refresh.
    let budget: Int
    /// Between two polls; zero: no polling, and no ticker (tests send the ticks).
    let pollInterval: Duration
    /// What the ticker sleeps on.
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let counting: CountingReducer
    let caching: CachingReducer

    /// Comments per re-read (WordPress lists at most 100).
    static let batchSize = 100
    /// The statuses whose every comment a status check lists.
    static let listedStatuses: [CommentStatus] = [.hold, .spam, .trash]

    /// Between two ticks: a minute shared by the budget.
    var tickSpacing: Duration { .seconds(60) / max(1, budget) }

    // MARK: Polls and ticks

    /// Polling of `site` starts: so does its refresh (``CommentsState/sweeps`` says which
    /// sites are kept fresh; the interface re-reads the cursor's comment only there).
    func start(site: SiteID, in state: inout CommentsState) {
        guard budget > 0, pollInterval > .zero, connections[site] != nil, !state.outbox.offline.contains(site),
              state.sweeps[site] == nil else { return }
        state.sweeps[site] = SiteSweep()
    }

    /// A poll of `site` went: a status check is due, a new round of re-reads starts if the
    /// last one is done, and the ticker runs.
    func pollStarted(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard budget > 0, connections[site] != nil, state.comments[site]?.isEmpty == false,
              !state.outbox.offline.contains(site) else { return .none }
        var sweep = state.sweeps[site] ?? SiteSweep()
        sweep.statusCheckDue = true
        if sweep.position == nil { sweep.position = 0 }
        state.sweeps[site] = sweep
        return startTicker(site: site, in: &state)
    }

    /// One tick of `site`'s budget: pays a request owed, or sends the status check due, or
    /// the next re-read; with nothing left to do, the ticker stops until the next poll.
    func tick(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard var sweep = state.sweeps[site], let client = connections[site]?.client else { return .none }
        defer { state.sweeps[site] = sweep }
        if sweep.debt > 0 {
            sweep.debt -= 1
            return .none
        }
        if sweep.statusCheck != nil, sweep.progress.asking == nil, let next = sweep.progress.next {
            // A status check under way: its next page.
            return statusPage(next, site: site, client: client, sweep: &sweep)
        }
        let rereadsWait = sweep.recheck == nil && (!sweep.urgent.isEmpty || sweep.position != nil)
        if sweep.statusCheckDue, sweep.statusCheck == nil, sweep.rereadTicksOwed == 0 || !rereadsWait {
            sweep.statusCheckDue = false
            guard state.access(of: site).asksAsModerator else {
                // A reader sees approved comments alone: the counts are all there is to check.
                sweep.requestsSent += 1
                sweep.debt += 3
                return counting.refresh(site: site, in: &state)
            }
            sweep.statusCheck = SweepRequest(ticket: state.requests.takeTicket(), revision: state.requests.writeRevision)
            // Its lists hold every type but notes (a plugin's reviews too) and the counts are
            // wp-admin's: the counts are asked as a whole when the lists are in, not taken
            // from them.
            sweep.progress = StatusCheckProgress()
            guard let next = sweep.progress.next else { return .none }
            return statusPage(next, site: site, client: client, sweep: &sweep)
        }
        if sweep.recheck == nil, let ids = nextBatch(&sweep, in: state.comments(of: site)) {
            sweep.requestsSent += 1
            sweep.rereadTicksOwed = max(0, sweep.rereadTicksOwed - 1)
            let ticket = state.requests.takeTicket()
            sweep.recheck = SweepRequest(ticket: ticket, revision: state.requests.writeRevision, ids: ids)
            return recheck(site: site, ticket: ticket, ids: ids, client: client, moderator: state.access(of: site).asksAsModerator)
        }
        guard !sweep.hasWork, sweep.recheck == nil, sweep.statusCheck == nil, sweep.isTicking else { return .none }
        sweep.isTicking = false
        return .cancel(id: SweepTimer(site: site))
    }

    /// Re-reads comment `id` soon (the cursor rests on it): now if no re-read is on its
    /// way, else first in the next. Paid for by the ticks after it. Only while polling:
    /// without it, nothing is refreshed behind the user's back.
    func recheck(site: SiteID, id: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard budget > 0, pollInterval > .zero, let client = connections[site]?.client, state.comments[site]?.isSweepable(id) == true,
              !state.outbox.offline.contains(site), !state.outbox.unreachable.contains(site) else { return .none }
        var sweep = state.sweeps[site] ?? SiteSweep()
        defer { state.sweeps[site] = sweep }
        guard sweep.recheck == nil else {
            if !sweep.urgent.contains(id) { sweep.urgent.insert(id, at: 0) }
            return .none
        }
        sweep.debt = min(sweep.debt + 1, 2 * budget)
        sweep.requestsSent += 1
        let ticket = state.requests.takeTicket()
        sweep.recheck = SweepRequest(ticket: ticket, revision: state.requests.writeRevision, ids: [id])
        return recheck(site: site, ticket: ticket, ids: [id], client: client, moderator: state.access(of: site).asksAsModerator)
    }

    /// Stops every ticker and every request of the refresh (quitting).
    func stop(in state: inout CommentsState) -> Effect<CommentsAction> {
        var effects: [Effect<CommentsAction>] = []
        for site in state.sweeps.keys.sorted() {
            effects += [.cancel(id: SweepTimer(site: site)), .cancel(id: SweepCall(site: site, kind: .statuses)),
                        .cancel(id: SweepCall(site: site, kind: .recheck))]
            state.sweeps[site]?.isTicking = false
            state.sweeps[site]?.statusCheck = nil
            state.sweeps[site]?.progress = StatusCheckProgress()
            state.sweeps[site]?.recheck = nil
        }
        return .merge(effects)
    }

    // MARK: Answers

    /// A page of the status check arrived: it joins what was read; after the last, the
    /// site's counts are its totals, and the loaded comments are compared with the lists. A
    /// failure ends the check (the next poll asks again).
    func statusPageRead(
        site: SiteID, ticket: Int, result: Result<StatusListing, CommentsError>, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard var sweep = state.sweeps[site], let check = sweep.statusCheck, check.ticket == ticket else { return .none }
        defer { state.sweeps[site] = sweep }
        var progress = sweep.progress
        progress.asking = nil
        guard case .success(let page) = result else {
            sweep.statusCheck = nil
            sweep.progress = StatusCheckProgress()
            return .none
        }
        if page.status == .approved {
            progress.approved = page.total
        } else {
            var current = progress.current ?? StatusListing(status: page.status, total: page.total)
            current.ids += page.ids
            current.requests += 1
            if page.ids.isEmpty || progress.nextPage >= page.pages {
                progress.done.append(current)
                progress.current = nil
                progress.nextPage = 1
            } else {
                progress.current = current
                progress.nextPage += 1
            }
        }
        sweep.progress = progress
        guard progress.next == nil, let approved = progress.approved else { return .none }
        sweep.statusCheck = nil
        sweep.progress = StatusCheckProgress()
        let statuses = SiteStatuses(listings: progress.done, approved: approved)
        // The lists' totals are not wp-admin's counts (a plugin's own types are in them):
        // those (``WordPressClient/countsByStatus(post:kinds:)``) are asked again, as after
        // a write, on top of the budget (as the poll's own request is).
        let counted = counting.refresh(site: site, in: &state)
        return .merge(counted, statusesListed(statuses, check: check, site: site, sweep: &sweep, in: &state))
    }

    /// The status lists are all in: loaded comments take the status the site gives them;
    /// those that left the lists are re-read first.
    private func statusesListed(
        _ statuses: SiteStatuses, check asked: SweepRequest, site: SiteID, sweep: inout SiteSweep, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        // Re-reads get as many ticks before the next status check: with a short poll
        // interval the checks would otherwise take the whole budget.
        sweep.rereadTicksOwed = statuses.requests
        sweep.checkedAt = now()
        var onSite: [Int: CommentStatus] = [:]
        for listing in statuses.listings { for id in listing.ids { onSite[id] = listing.status } }
        let writing = state.requests.commentsBeingWritten(on: site)
        let changedHere = state.requests.localRevisions[site] ?? [:]
        let found = state.comments[site].map { loaded in
            differences(from: onSite, in: loaded) { Self.keepsLocal($0, since: asked.revision, writing: writing, changedHere: changedHere) }
        }
        guard let found else { return .none }
        let changes = found.changes
        var left = found.left
        if !changes.isEmpty {
            // Out of the state while it changes: a copy of a large site's columns otherwise.
            var comments = state.comments.removeValue(forKey: site) ?? SiteComments()
            for change in changes {
                if let status = change.after { comments.modify(change.id) { $0.setStatus(status) } }
                sweep.unsaved.insert(change.id)
                left.append(change.id)
            }
            state.comments[site] = comments
        }
        // Approved again or deleted: which one, the re-read says; and the changed ones'
        // text comes with it, for the row and the cache.
        let urgent = Set(sweep.urgent)
        sweep.urgent += left.filter { !urgent.contains($0) }
        return changes.isEmpty ? .none : .send(.changedOnSite(site: site, changes: changes))
    }

    /// A re-read arrived: each comment asked takes the site's status, parent and text; one
    /// missing from the answer is gone from the site.
    func rechecked(
        site: SiteID, ticket: Int, result: Result<[CommentOnSite], CommentsError>, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard var sweep = state.sweeps[site], let asked = sweep.recheck, asked.ticket == ticket else { return .none }
        sweep.recheck = nil
        defer { state.sweeps[site] = sweep }
        guard case .success(let read) = result, state.comments[site] != nil else { return .none }
        let found = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let writing = state.requests.commentsBeingWritten(on: site)
        let changedHere = state.requests.localRevisions[site] ?? [:]
        var comments = state.comments.removeValue(forKey: site) ?? SiteComments()
        var changes: [SiteChange] = []
        var cached: [Comment] = []
        var removed: [Int] = []
        var uncounted: [(status: CommentStatus, post: Int)] = []
        for id in asked.ids {
            guard let entry = comments[id],
                  !Self.keepsLocal(id, since: asked.revision, writing: writing, changedHere: changedHere) else { continue }
            let wasUnsaved = sweep.unsaved.remove(id) != nil
            guard let now = found[id] else {
                comments.remove(id)
                removed.append(id)
                uncounted.append((entry.status, entry.post))
                changes.append(SiteChange(id: id, before: entry.status, after: nil, noticed: self.now(), author: entry.authorName))
                continue
            }
            let textChanged = now.text != entry.text
            let changed = textChanged || now.status != entry.status || now.parent != entry.parent
            if changed { comments.modify(id) { $0.take(now) } }
            if textChanged || now.status != entry.status {
                changes.append(SiteChange(id: id, before: entry.status, after: now.status, textChanged: textChanged, noticed: self.now()))
            }
            if changed || wasUnsaved, let updated = comments[id] { cached.append(Comment(updated, html: now.html)) }
        }
        state.comments[site] = comments
        state.uncount(uncounted, site: site)
        let write = caching.refreshed(site: site, comments: cached, removed: removed, in: &state)
        return changes.isEmpty ? write : .merge(write, .send(.changedOnSite(site: site, changes: changes)))
    }

    // MARK: Marks

    /// Changes found on `site`: each row still listed is marked until the user has seen it
    /// (a later change of the same comment keeps the status the user last saw as its
    /// "before"), and the status line says what changed.
    func changedOnSite(site: SiteID, changes: [SiteChange], in state: inout CommentsState) {
        guard !changes.isEmpty else { return }
        var marks = state.siteChanges[site] ?? [:]
        for change in changes {
            // A deleted comment has no row to mark: the status line says it, the action
            // carries it (for a log).
            marks[change.id] = change.isDeletion ? nil : marks[change.id].map(change.following) ?? change
        }
        state.siteChanges[site] = marks.isEmpty ? nil : marks
        state.publish(site: site, .info, Self.sentence(changes))
    }

    /// The user saw these changes: their marks go.
    func seen(site: SiteID, ids: [Int], in state: inout CommentsState) {
        guard var marks = state.siteChanges[site] else { return }
        for id in ids { marks[id] = nil }
        state.siteChanges[site] = marks.isEmpty ? nil : marks
    }

    /// "Changed on the site: 1 now spam, 2 deleted." (grouped by what they became; a
    /// single deletion names the comment's author: "1 deleted (by Maggie Holloway)").
    static func sentence(_ changes: [SiteChange]) -> String {
        var groups: [String: Int] = [:]
        var order: [String] = []
        for change in changes {
            let summary = change.summary
            if groups[summary] == nil { order.append(summary) }
            groups[summary, default: 0] += 1
        }
        // A deleted comment has no row left to mark: alone, it is named by its author.
        let deletion = changes.filter(\.isDeletion)
        let parts = order.map { summary -> String in
            if summary == "deleted", deletion.count == 1, let author = deletion[0].author, !author.isEmpty {
                return "1 deleted (by \(author))"
            }
            return "\(groups[summary] ?? 0) \(summary)"
        }
        return "Changed on the site: " + parts.joined(separator: ", ") + "."
    }

    // MARK: Helpers

    /// Whether comment `id` keeps its local state against an answer whose request left at
    /// write revision `revision`: a write of it is in flight or queued, or one began since.
    /// `changedHere`: the site's ``CommentsRequests/localRevisions``.
    static func keepsLocal(_ id: Int, since revision: Int, writing: Set<Int>, changedHere: [Int: Int]) -> Bool {
        writing.contains(id) || (changedHere[id] ?? 0) > revision
    }

    /// What the status lists (`onSite`: id → status) say of the loaded comments: those
    /// whose status differs, and those that left the lists (approved again, or deleted).
    /// Comments `kept` names keep their local state.
    private func differences(
        from onSite: [Int: CommentStatus], in loaded: SiteComments, kept: (Int) -> Bool
    ) -> (changes: [SiteChange], left: [Int]) {
        let left = loaded.unapprovedServerComments.map(\.id).filter { onSite[$0] == nil && loaded.isSweepable($0) && !kept($0) }
        var changes: [SiteChange] = []
        for (id, status) in onSite.sorted(by: { $0.key < $1.key }) {
            guard let before = loaded.status(of: id), before != status, loaded.isSweepable(id), !kept(id) else { continue }
            changes.append(SiteChange(id: id, before: before, after: status, noticed: now()))
        }
        return (changes, left)
    }

    /// The next comments to re-read: those asked first, then the rolling run of approved
    /// ones. Nil when there are none (the round is done).
    private func nextBatch(_ sweep: inout SiteSweep, in comments: SiteComments) -> [Int]? {
        var ids: [Int] = []
        var taken = Set<Int>()
        while !sweep.urgent.isEmpty, ids.count < Self.batchSize {
            let id = sweep.urgent.removeFirst()
            if comments.isSweepable(id), taken.insert(id).inserted { ids.append(id) }
        }
        if ids.count < Self.batchSize, let position = sweep.position {
            let run = comments.approvedRun(from: position, limit: Self.batchSize - ids.count)
            for id in run.ids where taken.insert(id).inserted { ids.append(id) }
            sweep.position = run.next
        }
        return ids.isEmpty ? nil : ids
    }

    private func startTicker(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard pollInterval > .zero, state.sweeps[site]?.isTicking == false else { return .none }
        state.sweeps[site]?.isTicking = true
        let clock = self.clock, spacing = tickSpacing
        return Effect.run { send in
            while true {
                guard (try? await clock.sleep(for: spacing)) != nil else { return }
                await send(.sweepTick(site: site))
            }
        }
        .cancellable(id: SweepTimer(site: site), cancelInFlight: true)
    }

    /// Asks the next page of the status check under way (one tick's request).
    private func statusPage(
        _ next: (status: CommentStatus, page: Int, perPage: Int), site: SiteID, client: WordPressClient, sweep: inout SiteSweep
    ) -> Effect<CommentsAction> {
        guard let ticket = sweep.statusCheck?.ticket else { return .none }
        sweep.progress.asking = next.status
        sweep.requestsSent += 1
        return Effect.run { send in
            let result = await Result.capturing { try await client.statusPage(next.status, page: next.page, perPage: next.perPage) }
            await send(.statusPageRead(site: site, ticket: ticket, result: result))
        }
        .cancellable(id: SweepCall(site: site, kind: .statuses))
    }

    private func recheck(site: SiteID, ticket: Int, ids: [Int], client: WordPressClient, moderator: Bool) -> Effect<CommentsAction> {
        Effect.run { send in
            let result = await Result.capturing { try await client.recheck(ids: ids, moderator: moderator) }
            await send(.rechecked(site: site, ticket: ticket, result: result))
        }
        .cancellable(id: SweepCall(site: site, kind: .recheck))
    }
}

extension CommentEntry {
    /// Takes what the site says of the comment now: its status, parent and text (the
    /// source read before no longer matches a new text).
    mutating func take(_ read: CommentOnSite) {
        setStatus(read.status)
        setParent(read.parent)
        if read.text != text {
            text = read.text
            contentRaw = nil
        }
    }
}

extension Comment {
    /// The comment `entry` shows, with `html` as its content (an entry keeps text, not
    /// HTML): for the cache.
    init(_ entry: CommentEntry, html: String) {
        self.init(id: entry.id, post: entry.post, parent: entry.parent, author: entry.author, authorName: entry.authorName,
                  authorURL: entry.authorURL, date: entry.date, contentHTML: html, contentRaw: entry.contentRaw,
                  link: entry.link, status: entry.status, type: entry.type)
        authorEmail = entry.facts?.email
        authorIP = entry.facts?.ip
        authorUserAgent = entry.facts?.userAgent
    }
}

/// The id a site's sweep ticker runs under.
private struct SweepTimer: Hashable, Sendable {
    let site: SiteID
}

/// The id a site's sweep requests run under.
private struct SweepCall: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case statuses, recheck }
    let site: SiteID
    let kind: Kind
}
