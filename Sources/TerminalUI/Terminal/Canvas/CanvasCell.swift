/// One column of a `Canvas`.
///
/// A cell holds one grapheme cluster (as a `String` of exactly one `Character`) and its
/// style. A wide (2-column) grapheme lives in its first cell; the cell to its right is a
/// *continuation* cell whose `grapheme` is empty. No cell ever holds a control
/// character or a zero-width cluster.
package struct CanvasCell: Sendable, Equatable {
    /// The grapheme shown in this column; `""` for the right half of a wide grapheme.
    package var grapheme: String
    /// How the cell looks.
    package var style: Style

    /// Creates a cell.
    package init(grapheme: String, style: Style) {
        self.grapheme = grapheme
        self.style = style
    }

    /// A space in the given style.
    package static func blank(_ style: Style = .plain) -> CanvasCell {
        CanvasCell(grapheme: " ", style: style)
    }

    /// Whether this is the right half of a wide grapheme.
    package var isContinuation: Bool { grapheme.isEmpty }
}
