/// A `TextEditor`'s text soft-wrapped for drawing, with the cursor's place on screen.
package struct TextLayout: Sendable, Equatable {
    /// Visual rows, each at most the layout width in display columns.
    package var lines: [String]
    /// Visual row of the cursor (an index into `lines`).
    package var cursorRow: Int
    /// Display column of the cursor in its row (always less than the width).
    package var cursorColumn: Int

    /// Creates a layout.
    package init(lines: [String], cursorRow: Int, cursorColumn: Int) {
        self.lines = lines
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
    }
}
