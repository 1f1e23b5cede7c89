import Testing
@testable import CommentsKit
@testable import TerminalUI

@Suite struct CursorIndexTests {
    /// Rows 10, 20, 30 … in thread order positions 0, 2, 4 … (odd positions filtered out).
    let rows = stride(from: 10, through: 200, by: 10).map {
        ListRow(row: VisibleRow(id: $0, depth: 0, isOutOfContext: false, hasReplies: false), foldedReplies: 0)
    }
    /// Thread order position of an id: 5 → 1, 10 → 2 … (ids 5 to 205).
    let threadOrder: (Int) -> Int? = { id in
        id % 5 == 0 && (5...205).contains(id) ? id / 5 : nil
    }

    @Test func findsTheCursorAtItsHintOrByBinarySearch() {
        #expect(ReconcileReducer.index(of: 30, in: rows, near: 2, threadOrder: threadOrder) == 2)
        for (index, row) in rows.enumerated() {
            #expect(ReconcileReducer.index(of: row.id, in: rows, near: 0, threadOrder: threadOrder) == index)
        }
    }

    @Test func aCommentNotInTheListIsNotFound() {
        #expect(ReconcileReducer.index(of: 15, in: rows, near: 0, threadOrder: threadOrder) == nil, "filtered out")
        #expect(ReconcileReducer.index(of: 999, in: rows, near: 0, threadOrder: threadOrder) == nil, "unknown")
        #expect(ReconcileReducer.index(of: 10, in: [], near: 0, threadOrder: threadOrder) == nil)
    }
}
