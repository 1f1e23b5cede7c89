import Testing
import MockREST
@testable import CommentsKit
@testable import TerminalUI

@Suite struct FoldedListTests {
    /// The one-pass form for an unfolded list gives the rows and guides of the two-pass
    /// form (map, then `addTreeGuides`), over generated threads (fixed seed).
    @Test func unfoldedRowsGetTheSameGuidesInOnePass() {
        var random = SeededGenerator(seed: 0x70_1D)
        for _ in 0..<300 {
            var depth = 0
            let rows = (0..<Int.random(in: 0...60, using: &random)).map { id -> VisibleRow in
                depth = max(0, min(depth + Int.random(in: -3...1, using: &random), 70))
                return VisibleRow(id: id, depth: depth, isOutOfContext: false, hasReplies: false)
            }
            var expected = rows.map { ListRow(row: $0, foldedReplies: 0) }
            FoldedListSelector.addTreeGuides(&expected)
            #expect(FoldedListSelector.fold(rows, collapsed: []) == expected)
        }
    }
}
