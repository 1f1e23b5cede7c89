import Testing
@testable import CommentsKit
@testable import TerminalUI

@Suite struct ListRowTests {
    static func row(_ id: Int, depth: Int) -> ListRow {
        ListRow(row: VisibleRow(id: id, depth: depth, isOutOfContext: false, hasReplies: false), foldedReplies: 0)
    }

    /// A list of a million comments holds a million rows.
    @Test func aRowTakes24Bytes() {
        #expect(MemoryLayout<ListRow>.stride == 24)
    }

    @Test func treeGuidesMarkLaterSiblingsAndLastOnes() {
        // 1
        // ├─2
        // │ └─3
        // └─4
        var rows = [Self.row(1, depth: 0), Self.row(2, depth: 1), Self.row(3, depth: 2), Self.row(4, depth: 1)]
        FoldedListSelector.addTreeGuides(&rows)
        #expect(rows.map(\.isLastSibling) == [true, false, true, true])
        #expect(rows[2].continuingLevels == 0b10, "depth 1 continues past 3 (4 follows)")
        #expect(rows[3].continuingLevels == 0)
    }

    @Test func guidesBeyond32LevelsAreDropped() {
        var rows = [Self.row(1, depth: 40), Self.row(2, depth: 41), Self.row(3, depth: 40)]
        FoldedListSelector.addTreeGuides(&rows)
        #expect(rows[1].continuingLevels == 0, "level 40 is off any screen")
        #expect(!rows[0].isLastSibling)
    }

    @Test func guidesWrittenIntoAReusedListMatchAFreshOne() {
        let visible = [0, 1, 2, 1, 0, 1, 1, 2, 3, 0].enumerated().map {
            VisibleRow(id: $0.offset + 1, depth: $0.element, isOutOfContext: false, hasReplies: false)
        }
        // The reference: rows first, then the guides pass.
        var fresh = visible.map { ListRow(row: $0, foldedReplies: 0) }
        FoldedListSelector.addTreeGuides(&fresh)
        for start in [[], Array(fresh.prefix(3)), fresh + fresh] {
            var reused = start
            FoldedListSelector.withTreeGuides(visible, into: &reused)
            #expect(reused == fresh, "from \(start.count) rows")
        }
    }
}
