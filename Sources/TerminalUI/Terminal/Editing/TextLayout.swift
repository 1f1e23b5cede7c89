/// A `TextEditor`'s text soft-wrapped for drawing, with the cursor's place on screen.
public struct TextLayout: Sendable, Equatable {
    /// Visual rows, each at most the layout width in display columns.
    public var lines: [String]
    /// Visual row of the cursor (an index into `lines`).
    public var cursorRow: Int
    /// Display column of the cursor in its row (always less than the width).
    public var cursorColumn: Int

    /// Creates a layout.
    public init(lines: [String], cursorRow: Int, cursorColumn: Int) {
        self.lines = lines
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
    }
}
