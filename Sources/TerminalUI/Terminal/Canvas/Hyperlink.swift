/// A run of cells on one row that links to a URL (OSC 8), laid over a ``Canvas``: the
/// cells keep their text and width; the painter adds the link around them where the
/// terminal has hyperlinks (``HyperlinkSupport``). Only parley's own sanitised http(s)
/// links are ever put here (``CommentLink``).
package struct Hyperlink: Sendable, Equatable {
    /// The first column.
    package var x: Int
    /// The row.
    package var y: Int
    /// How many columns.
    package var width: Int
    /// Where it leads.
    package var url: String

    /// Makes a link over `width` cells from `x`, `y`.
    package init(x: Int, y: Int, width: Int, url: String) {
        self.x = x
        self.y = y
        self.width = width
        self.url = url
    }
}
