import FluxTesting
import Foundation
import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// The detail pane's "Last changes parley knows of" (issue 27): the comment's records in
/// the write log, newest first, as each write ends and as changes made outside parley are
/// recorded; nothing at all for a comment parley knows no change of.
@MainActor
@Suite struct DetailHistoryTests {
    @Test func anApprovalShowsInThePaneAsYoursJustNowAndAnOutsideChangeAsSuch() async throws {
        let journal = KeptJournal()
        let app = try UIHarness(width: 160, height: 40, journal: journal)
        try await app.start()
        let site = try #require(app.ui.state.site)
        app.dispatcher.dispatch(CommentsAction.readJournal(site: site))
        let index = try #require(app.ui.rows.firstIndex { app.comments.state.comments(of: site)[$0.id]?.status == .hold })
        for _ in 0..<index { app.press(.character("j")) }
        let pending = try #require(app.selected)
        app.rest()
        #expect(!app.screen.contains("Last changes parley knows of"), "no change known: no heading")
        app.press(.character("a"))
        try await app.settled()
        app.rest()
        #expect(app.screen.contains("Last changes parley knows of:"))
        #expect(app.screen.contains("just now · approved (was pending) by you"))
        // The refresh found it marked as spam on the site, three hours ago.
        app.dispatcher.dispatch(CommentsAction.changedOnSite(site: site, changes: [
            SiteChange(id: pending.id, before: .approved, after: .spam, noticed: app.now.addingTimeInterval(-3 * 3_600)),
        ]))
        let lines = app.screen.split(separator: "\n")
        let approval = try #require(lines.firstIndex { $0.contains("approved (was pending) by you") })
        let spam = try #require(lines.firstIndex { $0.contains("3h ago · marked as spam (was approved) outside parley") })
        #expect(spam < approval, "newest first")
        #expect(await app.comments.effectsFinished(timeout: .safetyNet))
        #expect(await journal.recorded.count == 2)
    }
}

/// A journal in memory.
actor KeptJournal: WriteJournal {
    private(set) var recorded: [WriteRecord] = []

    func record(_ entry: WriteRecord) {
        recorded.append(entry)
    }

    func records(site: SiteID) -> [WriteRecord] {
        recorded.filter { $0.site == site }
    }
}
