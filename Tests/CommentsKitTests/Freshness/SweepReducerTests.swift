import Foundation
import Testing
import Flux
@testable import CommentsKit

/// The refresh's rules, on the reducer alone: answers are made up and handed in as the
/// effects would send them (no request leaves), so the order of things is exact.
@Suite struct SweepReducerTests {
    let site: SiteID = "site-1"
    let reference = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func reducer(budget: Int = 30) throws -> CommentsReducer {
        let client = try WordPressClient(restBase: try #require(URL(string: "https://nowhere.parley/wp-json")))
        let now = reference
        return CommentsReducer(sites: [SiteConnection(id: site, name: "Site", client: client)], ttl: 60, pageSize: 100,
                               now: { now }, sweepBudget: budget)
    }

    /// A moderator's site with `count` comments: ids 1…count, approved but for those in `held`.
    private func state(_ reducer: CommentsReducer, count: Int, held: Set<Int> = []) -> CommentsState {
        var state = CommentsState()
        let comments = (1...count).map { id in
            Comment(id: id, post: 1, authorName: "A\(id)", date: reference.addingTimeInterval(Double(-id * 60)),
                    contentHTML: "<p>Text \(id)</p>", status: held.contains(id) ? .hold : .approved)
        }
        _ = reducer.reduce(&state, CommentsImported(site: site, comments: comments) as any Action)
        _ = reducer.reduce(&state, CommentsAction.credentialsChecked(
            site: site, result: .success(WordPressUser(id: 1, name: "Mod", capabilities: ["moderate_comments"]))))
        return state
    }

    /// Answers the status check under way, a page per tick, as a site whose pending and
    /// spam comments are `held` and `spam` (a page each), with no trash and `approved`
    /// approved ones would.
    private func answerStatusCheck(_ reducer: CommentsReducer, _ state: inout CommentsState, held: [Int] = [], spam: [Int] = [],
                                   approved: Int) {
        for _ in 0..<20 {
            guard let check = state.sweeps[site]?.statusCheck else { return }
            if state.sweeps[site]?.progress.asking == nil { _ = reducer.reduce(&state, CommentsAction.sweepTick(site: site)) }
            guard let asking = state.sweeps[site]?.progress.asking else { continue }
            let ids = asking == .hold ? held : asking == .spam ? spam : []
            let page = StatusListing(status: asking, ids: ids, total: asking == .approved ? approved : ids.count, requests: 1)
            _ = reducer.reduce(&state, CommentsAction.statusPageRead(site: site, ticket: check.ticket, result: .success(page)))
        }
    }

    /// Polls; the next tick starts the status check (its first page); returns its ticket.
    private func statusCheckSent(_ reducer: CommentsReducer, _ state: inout CommentsState) throws -> Int {
        _ = reducer.reduce(&state, CommentsAction.poll(site: site))
        _ = reducer.reduce(&state, CommentsAction.sweepTick(site: site))
        return try #require(state.sweeps[site]?.statusCheck?.ticket)
    }

    @Test func aCommentBeingWrittenKeepsItsLocalStatusAgainstTheLists() throws {
        let reducer = try reducer()
        var state = state(reducer, count: 10, held: [3])
        _ = try statusCheckSent(reducer, &state)
        // The user approves 3 while the lists are on their way; 3 is held on the site still.
        _ = reducer.reduce(&state, CommentsAction.moderate(site: site, id: 3, to: .approve))
        answerStatusCheck(reducer, &state, held: [3], spam: [5], approved: 8)
        #expect(state.comments(of: site)[3]?.status == .approved, "the user's write wins until the site answers it")
        #expect(state.comments(of: site)[5]?.status == .spam, "the others take the site's status")
    }

    @Test func aCommentChangedHereSinceTheRereadLeftIsNotTakenForDeleted() throws {
        let reducer = try reducer()
        var state = state(reducer, count: 10)
        _ = try statusCheckSent(reducer, &state)
        answerStatusCheck(reducer, &state, approved: 10)
        _ = reducer.reduce(&state, CommentsAction.sweepTick(site: site))
        let recheck = try #require(state.sweeps[site]?.recheck)
        #expect(recheck.ids.count == 10)
        _ = reducer.reduce(&state, CommentsAction.trash(site: site, id: 4))
        // The answer lacks 4 and 6: 6 is gone from the site; 4 was trashed here meanwhile.
        let answer = (1...10).filter { $0 != 4 && $0 != 6 }.map { CommentOnSite(id: $0, status: .approved, parent: 0, html: "<p>Text \($0)</p>") }
        let effect = reducer.reduce(&state, CommentsAction.rechecked(site: site, ticket: recheck.ticket, result: .success(answer)))
        #expect(state.comments(of: site)[4]?.status == .trash)
        #expect(state.comments(of: site)[6] == nil)
        #expect(state.comments(of: site).count == 9)
        #expect(!effect.isNone, "the change is told (changedOnSite)")
    }

    @Test func anAnswerToARequestNoLongerAwaitedIsDropped() throws {
        let reducer = try reducer()
        var state = state(reducer, count: 5, held: [2])
        let ticket = try statusCheckSent(reducer, &state)
        let page = StatusListing(status: .hold, ids: [], total: 0, requests: 1)
        _ = reducer.reduce(&state, CommentsAction.statusPageRead(site: site, ticket: ticket + 99, result: .success(page)))
        #expect(state.sweeps[site]?.progress.asking == .hold, "the page of the check under way is still awaited")
        #expect(state.comments(of: site)[2]?.status == .hold)
        #expect(state.sweeps[site]?.statusCheck?.ticket == ticket)
    }

    /// 20,000 comments, one poll a minute: the ticks of one minute (30 at the default
    /// budget) pay for everything the refresh asks, each page of its status check included.
    @Test func aMinuteOfTicksAsksNoMoreThanTheBudget() throws {
        let reducer = try reducer(budget: 30)
        var state = state(reducer, count: 20_000)
        _ = reducer.reduce(&state, CommentsAction.poll(site: site))
        for _ in 0..<30 {
            _ = reducer.reduce(&state, CommentsAction.sweepTick(site: site))
            if let check = state.sweeps[site]?.statusCheck, let asking = state.sweeps[site]?.progress.asking {
                let page = StatusListing(status: asking, total: asking == .approved ? 20_000 : 0, requests: 1)
                _ = reducer.reduce(&state, CommentsAction.statusPageRead(site: site, ticket: check.ticket, result: .success(page)))
            }
            if let recheck = state.sweeps[site]?.recheck {
                let answer = recheck.ids.map { CommentOnSite(id: $0, status: .approved, parent: 0, html: "<p>Text \($0)</p>") }
                _ = reducer.reduce(&state, CommentsAction.rechecked(site: site, ticket: recheck.ticket, result: .success(answer)))
            }
        }
        let sweep = try #require(state.sweeps[site])
        #expect(sweep.requestsSent - sweep.debt <= 30)
        #expect(sweep.requestsSent == 30, "the status check (4 pages, a tick each) and 26 re-reads of 100")
        #expect(sweep.position == 2_600)
        #expect(state.siteChanges.isEmpty)
    }

    @Test func aListOfSeveralPagesIsReadAPagePerTick() throws {
        let reducer = try reducer()
        var state = state(reducer, count: 10, held: [1, 2])
        let ticket = try statusCheckSent(reducer, &state)
        let first = StatusListing(status: .hold, ids: [1], total: 2, requests: 1, pages: 2)
        _ = reducer.reduce(&state, CommentsAction.statusPageRead(site: site, ticket: ticket, result: .success(first)))
        #expect(state.sweeps[site]?.progress.asking == nil, "the next page waits for the next tick")
        _ = reducer.reduce(&state, CommentsAction.sweepTick(site: site))
        #expect(state.sweeps[site]?.progress.asking == .hold)
        #expect(state.sweeps[site]?.requestsSent == 2)
        let second = StatusListing(status: .hold, ids: [2], total: 2, requests: 1, pages: 2)
        _ = reducer.reduce(&state, CommentsAction.statusPageRead(site: site, ticket: ticket, result: .success(second)))
        #expect(state.sweeps[site]?.progress.done.first?.ids == [1, 2])
        answerStatusCheck(reducer, &state, held: [1, 2], approved: 8)
        #expect(state.sweeps[site]?.statusCheck == nil)
        #expect(state.comments(of: site)[1]?.status == .hold && state.comments(of: site)[2]?.status == .hold)
        #expect(state.sweeps[site]?.requestsSent == 5, "two pages of pending, spam, trash, the approved count")
    }

    /// A poll every 5 s asks for a status check each time: re-reads still get half the ticks.
    @Test func frequentStatusChecksLeaveTicksToTheRereads() throws {
        let reducer = try reducer(budget: 30)
        var state = state(reducer, count: 1_000)
        var rereads = 0
        for tick in 0..<30 {
            if tick % 3 == 0 { _ = reducer.reduce(&state, CommentsAction.poll(site: site)) }
            _ = reducer.reduce(&state, CommentsAction.sweepTick(site: site))
            if let check = state.sweeps[site]?.statusCheck, let asking = state.sweeps[site]?.progress.asking {
                let page = StatusListing(status: asking, total: asking == .approved ? 1_000 : 0, requests: 1)
                _ = reducer.reduce(&state, CommentsAction.statusPageRead(site: site, ticket: check.ticket, result: .success(page)))
            }
            if let recheck = state.sweeps[site]?.recheck {
                rereads += 1
                let answer = recheck.ids.map { CommentOnSite(id: $0, status: .approved, parent: 0, html: "<p>Text \($0)</p>") }
                _ = reducer.reduce(&state, CommentsAction.rechecked(site: site, ticket: recheck.ticket, result: .success(answer)))
            }
        }
        #expect(rereads >= 10, "one site of 1,000 read through within the minute")
        let sweep = try #require(state.sweeps[site])
        #expect(sweep.requestsSent - sweep.debt <= 30)
    }

    @Test func theSentenceGroupsTheChanges() {
        let changes = [SiteChange(id: 1, before: .hold, after: .spam, noticed: reference),
                       SiteChange(id: 2, before: .hold, after: .spam, noticed: reference),
                       SiteChange(id: 3, before: .approved, after: nil, noticed: reference)]
        #expect(SweepReducer.sentence(changes) == "Changed on the site: 2 now spam, 1 deleted.")
    }
}

/// The refresh's actions survive JSON, as a session recording holds them.
@Suite struct SweepActionCodableTests {
    @Test(arguments: [
        CommentsAction.sweepTick(site: "s"),
        .statusPageRead(site: "s", ticket: 2, result: .success(StatusListing(status: .spam, ids: [4], total: 101, requests: 1, pages: 2))),
        .statusPageRead(site: "s", ticket: 3, result: .failure(.notLoggedIn)),
        .rechecked(site: "s", ticket: 4, result: .success([CommentOnSite(id: 4, status: .trash, parent: 1, html: "<p>Hi</p>")])),
        .recheck(site: "s", id: 9),
        .changedOnSite(site: "s", changes: [SiteChange(id: 4, before: .hold, after: nil, textChanged: false, noticed: Date(timeIntervalSince1970: 0))]),
        .siteChangesSeen(site: "s", ids: [4]),
    ])
    func readsBackAsWritten(action: CommentsAction) throws {
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(CommentsAction.self, from: data) == action)
    }
}
