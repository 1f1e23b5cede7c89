import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit

/// Issue 14, "search never blocks a key": on a site too large to search on the main actor
/// (here every site: the scanner's threshold is lowered to 0 bytes), a search runs as an
/// effect off the main actor, streams its finds window by window in list order, is
/// cancelled by the next key, and finds exactly what the synchronous reference scan finds.
@MainActor
@Suite struct BackgroundSearchTests {
    let site: SiteID = "site-1"

    /// The stores over 3,000 comments (``SearchFoldTests/comments(_:variant:)``), with a
    /// scanner that logs its jobs and, when asked, waits at `gate` before the first search
    /// runs or after its first batch.
    @MainActor
    struct Rig {
        let dispatcher = Dispatcher()
        let comments: CommentsStore
        let filters: AnnotationFilterStore
        let visible: VisibleCommentsSelector
        let log = ScanLog()
        let gate = TestGate()
        let site: SiteID

        enum Hold { case none, firstSearch, afterFirstBatch }

        init(site: SiteID, firstWindow: Int = 64, hold: Hold = .none, count: Int = 3_000) {
            self.site = site
            let log = self.log, gate = self.gate
            let scanner = SearchScanner(backgroundAboveTextBytes: 0) { job, deliver in
                await log.started(job, onMainThread: Thread.isMainThread)
                if hold == .firstSearch, job.ticket == 1 { await gate.wait() }
                var job = job
                job.firstWindow = firstWindow
                await job.run { batch in
                    await log.delivered(batch)
                    await deliver(batch)
                    if hold == .afterFirstBatch, !batch.isComplete { await gate.wait() }
                }
                await log.finished(job.ticket, cancelled: Task.isCancelled)
            }
            comments = CommentsStore(sites: [], dispatcher: dispatcher)
            filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, scanner: scanner)
            visible = VisibleCommentsSelector(comments: comments, filters: filters)
            dispatcher.dispatch(FilterAction.showSite(site))
            dispatcher.dispatch(CommentsImported(site: site, comments: SearchFoldTests.comments(1...count)))
        }

        var shown: SiteComments { comments.state.comments(of: site) }

        /// The synchronous reference scan's answer for `needle`, per row.
        func reference(_ needle: String) throws -> [Bool] {
            shown.rows(matching: try #require(CommentSearch.Pattern(needle)))
        }

        func search(_ text: String) { dispatcher.dispatch(FilterAction.setSearch(text)) }

        /// Waits until the background search for the current text is complete.
        func complete() async throws {
            _ = try await filters.state { $0.backgroundSearch?.isComplete == true }
        }

        /// The ids the visible list shows.
        var visibleIDs: [Int] { visible.rows(site: site).map(\.id) }

        /// The ids of the rows `mask` marks, in list order.
        func ids(_ mask: [Bool]) -> [Int] {
            zip(shown.rows, mask).filter(\.1).map(\.0.id)
        }
    }

    @Test func aKeystrokeStartsTheScanOffTheMainActorAndItsAnswerEqualsTheReferenceScan() async throws {
        let rig = Rig(site: site)
        rig.search("naive")
        // The keystroke returned without scanning: nothing found yet, still searching.
        #expect(rig.filters.state.isSearchingInBackground)
        #expect(rig.filters.state.matchCount == 0)
        #expect(rig.visibleIDs.isEmpty)
        try await rig.complete()
        let reference = try rig.reference("naive")
        #expect(reference.contains(true))
        #expect(rig.filters.searchMatches(in: rig.shown) == reference)
        #expect(rig.visibleIDs == rig.ids(reference))
        #expect(rig.filters.state.matchCount == reference.filter { $0 }.count)
        #expect(!rig.filters.state.isSearchingInBackground)
        #expect(await rig.log.startedOnMainThread == [false])
    }

    @Test func theNextKeystrokeCancelsTheScanInFlightAndItsLateBatchesAreDropped() async throws {
        let rig = Rig(site: site, hold: .firstSearch)
        rig.search("naive")
        rig.search("zoe")
        try await rig.complete()
        let answered = rig.filters.state
        #expect(answered.backgroundSearch?.ticket == 2)
        // The first scan, let go now, finds itself cancelled and delivers nothing.
        await rig.gate.open()
        #expect(await rig.log.waitFinished(1) == true)
        #expect(await rig.log.batches(of: 1).isEmpty)
        // A batch of the first search that was on its way when the key came is dropped.
        rig.dispatcher.dispatch(FilterAction.searchFound(SearchBatch(ticket: 1, slots: [0, 1, 2], isComplete: true)))
        #expect(rig.filters.state == answered)
        #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference("zoe")))
    }

    @Test func batchesStreamInListOrderAndTheListShowsTheMatchesSoFar() async throws {
        let rig = Rig(site: site, firstWindow: 16, hold: .afterFirstBatch)
        rig.search("naive")
        _ = try await rig.filters.state { !($0.backgroundSearch?.found.isEmpty ?? true) }
        let reference = try rig.reference("naive")
        // After the first window: the matches among its 16 rows, and only those.
        let partial = reference.enumerated().map { $0.offset < 16 && $0.element }
        #expect(partial.contains(true))
        #expect(rig.filters.searchMatches(in: rig.shown) == partial)
        #expect(rig.visibleIDs == rig.ids(partial))
        #expect(rig.filters.state.isSearchingInBackground)
        await rig.gate.open()
        try await rig.complete()
        let batches = await rig.log.batches(of: 1)
        #expect(batches.count > 2)
        #expect(batches.dropLast().allSatisfy { !$0.isComplete } && batches.last?.isComplete == true)
        // Every batch goes on down the list where the one before stopped.
        var positionOfSlot: [Int32: Int] = [:]
        for (position, slot) in rig.shown.rowSlot.enumerated() { positionOfSlot[slot] = position }
        let positions = batches.flatMap(\.slots).compactMap { positionOfSlot[$0] }
        #expect(positions == reference.indices.filter { reference[$0] })
        #expect(rig.filters.searchMatches(in: rig.shown) == reference)
    }

    @Test func typingOnNarrowsInsideTheEarlierAnswer() async throws {
        let rig = Rig(site: site)
        rig.search("nai")
        try await rig.complete()
        let earlier = try #require(rig.filters.state.backgroundSearch?.found)
        rig.search("naiv")
        try await rig.complete()
        let jobs = await rig.log.candidates
        #expect(jobs.count == 2)
        #expect(jobs.first == .some(nil))
        #expect(jobs.last == .some(earlier))
        #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference("naiv")))
        // Not an extension of the earlier needle: every row is scanned again.
        rig.search("zo")
        try await rig.complete()
        #expect(await rig.log.candidates.last == .some(nil))
        #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference("zo")))
    }

    @Test func commentsArrivingKeepTheEarlierAnswerUntilTheNewOneIsComplete() async throws {
        let rig = Rig(site: site)
        rig.search("zoe")
        try await rig.complete()
        let before = rig.visibleIDs
        rig.dispatcher.dispatch(CommentsImported(site: site, comments: SearchFoldTests.comments(3_001...3_100)))
        // Rescanning for the new comments; the list keeps what was found meanwhile.
        #expect(rig.filters.state.isSearchingInBackground)
        #expect(rig.visibleIDs == before)
        try await rig.complete()
        let reference = try rig.reference("zoe")
        #expect(rig.filters.searchMatches(in: rig.shown) == reference)
        #expect(Set(rig.visibleIDs).isStrictSuperset(of: before))
    }

    @Test func commentsArrivingWhileAScanRunsAreSearchedOnceItEnds() async throws {
        let rig = Rig(site: site, hold: .afterFirstBatch)
        rig.search("zoe")
        _ = try await rig.filters.state { !($0.backgroundSearch?.found.isEmpty ?? true) }
        for first in stride(from: 3_001, to: 3_300, by: 100) {
            rig.dispatcher.dispatch(CommentsImported(site: site, comments: SearchFoldTests.comments(first...(first + 99))))
        }
        // The scan in flight goes on (a page at a time would restart it forever)…
        #expect(rig.filters.state.backgroundSearch?.ticket == 1)
        await rig.gate.open()
        // …and once it ends, one more scan takes in what arrived meanwhile.
        _ = try await rig.filters.state { $0.backgroundSearch?.ticket == 2 && $0.backgroundSearch?.isComplete == true }
        #expect(await rig.log.batches(of: 1).last?.isComplete == true, "the first scan ran to its end")
        #expect(rig.filters.searchMatches(in: rig.shown) == (try rig.reference("zoe")))
        #expect(rig.shown.count == 3_300)
    }

    @Test func clearingTheSearchEndsTheBackgroundSearch() async throws {
        let rig = Rig(site: site, hold: .firstSearch)
        rig.search("naive")
        #expect(rig.filters.state.backgroundSearch != nil)
        rig.search("")
        #expect(rig.filters.state.backgroundSearch == nil)
        #expect(rig.filters.searchMatches(in: rig.shown) == nil)
        #expect(rig.visibleIDs.count == 3_000)
        await rig.gate.open()
        #expect(await rig.log.waitFinished(1) == true)
    }

    @Test func aReplayOfTheRecordedActionsReproducesTheSearchWithoutScanning() async throws {
        let recorded = Rig(site: site, firstWindow: 16)
        let log = ActionLog(on: recorded.dispatcher)
        recorded.search("na")
        try await recorded.complete()
        recorded.search("naiv")
        try await recorded.complete()
        // Through JSON, as a recording keeps them; searchFound batches included.
        let actions = try log.actions(of: FilterAction.self).map { action in
            try JSONDecoder().decode(FilterAction.self, from: JSONEncoder().encode(action))
        }
        #expect(actions.contains { if case .searchFound = $0 { true } else { false } })
        let replay = Rig(site: site, firstWindow: 16)
        replay.dispatcher.effectPolicy = .suppress
        for action in actions { replay.dispatcher.dispatch(action) }
        // (Revisions differ: they come from a process-wide counter.)
        let (replayed, original) = (replay.filters.state, recorded.filters.state)
        #expect(replayed.backgroundSearch?.ticket == original.backgroundSearch?.ticket)
        #expect(replayed.backgroundSearch?.found == original.backgroundSearch?.found)
        #expect(replayed.backgroundSearch?.isComplete == true)
        #expect(replayed.matchCount == original.matchCount)
        #expect(replayed.groups == original.groups)
        #expect(replay.visibleIDs == recorded.visibleIDs)
        #expect(await replay.log.candidates.isEmpty, "no scan ran: the batches came from the recording")
    }

    @Test func aSiteBelowTheThresholdIsSearchedOnTheMainActor() throws {
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [], dispatcher: dispatcher)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
        dispatcher.dispatch(FilterAction.showSite(site))
        dispatcher.dispatch(CommentsImported(site: site, comments: SearchFoldTests.comments(1...300)))
        dispatcher.dispatch(FilterAction.setSearch("naive"))
        #expect(filters.state.backgroundSearch == nil)
        let shown = comments.state.comments(of: site)
        #expect(filters.searchMatches(in: shown) == shown.rows(matching: try #require(CommentSearch.Pattern("naive"))))
    }
}

/// What the test double's scans did.
actor ScanLog {
    private(set) var startedOnMainThread: [Bool] = []
    /// Per job started: the candidate slots it was given (nil: every row).
    private(set) var candidates: [[Int32]?] = []
    private var delivered: [SearchBatch] = []
    private var finished: [Int: Bool] = [:]
    private var waiting: [Int: [CheckedContinuation<Bool, Never>]] = [:]

    func started(_ job: SearchJob, onMainThread: Bool) {
        startedOnMainThread.append(onMainThread)
        candidates.append(job.candidates)
    }

    func delivered(_ batch: SearchBatch) { delivered.append(batch) }

    func batches(of ticket: Int) -> [SearchBatch] { delivered.filter { $0.ticket == ticket } }

    func finished(_ ticket: Int, cancelled: Bool) {
        finished[ticket] = cancelled
        for continuation in waiting.removeValue(forKey: ticket) ?? [] { continuation.resume(returning: cancelled) }
    }

    /// Waits until scan `ticket` returns; whether it was cancelled then.
    func waitFinished(_ ticket: Int) async -> Bool {
        if let cancelled = finished[ticket] { return cancelled }
        return await withCheckedContinuation { waiting[ticket, default: []].append($0) }
    }
}
