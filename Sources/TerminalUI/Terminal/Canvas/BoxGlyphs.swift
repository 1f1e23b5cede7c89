/// The Unicode line-drawing characters `Canvas.drawBox` uses.
///
/// The Canvas always stores these Unicode characters; the ncurses painter maps them to
/// the terminal's alternate character set when the locale cannot show Unicode.
package enum BoxGlyphs {
    /// Horizontal line.
    package static let horizontal = "─"
    /// Vertical line.
    package static let vertical = "│"
    /// Top-left corner.
    package static let topLeft = "┌"
    /// Top-right corner.
    package static let topRight = "┐"
    /// Bottom-left corner.
    package static let bottomLeft = "└"
    /// Bottom-right corner.
    package static let bottomRight = "┘"
    /// Tee pointing right (left edge junction).
    package static let teeRight = "├"
    /// Tee pointing left (right edge junction).
    package static let teeLeft = "┤"
    /// Tee pointing down (top edge junction).
    package static let teeDown = "┬"
    /// Tee pointing up (bottom edge junction).
    package static let teeUp = "┴"
    /// Crossing lines.
    package static let cross = "┼"
}
