import Foundation
import Testing
import Flux
import FluxTesting
@testable import CommentsKit
@testable import TerminalUI

/// Issue 12/14, "search never blocks a key": on a site searched in the background, a key
/// typed while the search runs is handled at once — here, while a test double holds the
/// scan after its first batch, the search line says "N matches so far" and `j` moves the cursor
/// among the matches found so far; the rest come when the scan goes on.
@MainActor
@Suite struct KeyDuringBackgroundSearchTests {
    @Test func aKeyTypedWhileTheSearchRunsIsHandledBeforeItEnds() async throws {
        let gate = TestGate()
        // Every site is searched in the background, eight rows in the first window; the
        // scan waits at the gate after each batch but the last.
        let scanner = SearchScanner(backgroundAboveTextBytes: 0) { job, deliver in
            var job = job
            job.firstWindow = 8
            await job.run { batch in
                await deliver(batch)
                if !batch.isComplete { await gate.wait() }
            }
        }
        let app = try UIHarness(scanner: scanner)
        try await app.start()
        let site = try #require(app.ui.state.site)
        app.press(.character("/"))
        app.type("e")
        _ = try await app.filters.state { !($0.backgroundSearch?.found.isEmpty ?? true) }
        #expect(app.filters.state.isSearchingInBackground)
        #expect(app.screen.contains("matches so far"))
        app.press(.enter)
        let firstBatch = app.ui.rows
        try #require(firstBatch.count >= 2, "the first eight rows hold two matches of “e”")
        app.press(.character("j"))
        #expect(app.ui.state.cursorIndex == 1, "the key moved the cursor")
        #expect(app.selected?.id == firstBatch[1].id)
        #expect(app.filters.state.isSearchingInBackground, "…before the search ended")
        await gate.open()
        _ = try await app.filters.state { $0.backgroundSearch?.isComplete == true }
        let comments = app.comments.state.comments(of: site)
        let reference = comments.rows(matching: try #require(CommentSearch.Pattern("e")))
        #expect(app.filters.searchMatches(in: comments) == reference)
        #expect(app.ui.rows.count > firstBatch.count)
        #expect(app.selected?.id == firstBatch[1].id, "the cursor keeps its comment as the rest arrive")
        #expect(!app.screen.contains("so far"))
    }

    @Test func anEmptyListSaysSearchingUntilTheFirstMatchesCome() async throws {
        let gate = TestGate()
        // The scan waits at the gate before it starts.
        let scanner = SearchScanner(backgroundAboveTextBytes: 0) { job, deliver in
            await gate.wait()
            await job.run(deliver: deliver)
        }
        let app = try UIHarness(scanner: scanner)
        try await app.start()
        app.press(.character("/"))
        app.type("e")
        #expect(app.ui.rows.isEmpty)
        #expect(app.screen.contains("Searching…"))
        #expect(!app.screen.contains("No comment matches"))
        #expect(!app.screen.contains("0 matches"), "the search line does not say none before the scan has looked")
        await gate.open()
        _ = try await app.filters.state { $0.backgroundSearch?.isComplete == true }
        #expect(!app.ui.rows.isEmpty)
        #expect(!app.screen.contains("Searching…"))
    }
}
