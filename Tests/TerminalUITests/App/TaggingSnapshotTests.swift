import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// What tagging looks like: the `*` column in front of the status mark (the columns after
/// it do not move), "N tagged" in the header, and the bulk question.
@MainActor
@Suite struct TaggingSnapshotTests {
    @Test func taggedRowsAndTheHeader() async throws {
        let app = try UIHarness(width: 80, height: 12)
        try await app.start()
        app.press(.character("x"), .character("j"), .character("x"), .character("x"))
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "tagged-80x12")
    }

    @Test func theBulkQuestion() async throws {
        let app = try UIHarness(width: 80, height: 16)
        try await app.start()
        app.press(.character("x"), .character("x"), .character("x"), .character("D"))
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "bulk-delete-question-80x16")
    }
}
