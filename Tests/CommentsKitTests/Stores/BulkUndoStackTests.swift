import Testing
import Foundation
@testable import CommentsKit

/// A bulk run is one undo step: it counts once against the limit, and the oldest run goes
/// whole when the stack is full.
@Suite struct BulkUndoStackTests {
    private func step(_ id: Int, batch: Int? = nil, site: SiteID = "site-1") -> UndoEntry {
        var step = UndoEntry(site: site, id: id, previousStatus: .hold, newStatus: .spam)
        step.batch = batch
        return step
    }

    @Test func aRunOfThreeHundredCountsAsOneStepAgainstTheLimit() {
        var state = CommentsState()
        for id in 1...300 { state.pushUndo(step(id, batch: 1)) }
        for id in 1001...(1000 + CommentsState.undoLimit - 1) { state.pushUndo(step(id)) }
        #expect(state.undoStack.count == 300 + CommentsState.undoLimit - 1, "the run and 99 single steps: 100 steps")
        state.pushUndo(step(5000))
        #expect(!state.undoStack.contains { $0.batch == 1 }, "the oldest step, the whole run, went")
        #expect(state.undoStack.count == CommentsState.undoLimit)
    }

    @Test func popUndoRunTakesOnlyTheTopRun() {
        var state = CommentsState()
        state.pushUndo(step(1, batch: 1))
        state.pushUndo(step(2, batch: 2))
        state.pushUndo(step(3, batch: 2))
        #expect(state.popUndoRun(2).map(\.id) == [2, 3])
        #expect(state.undoStack.map(\.id) == [1])
    }
}
