/// The Unicode line-drawing characters `Canvas.drawBox` uses.
///
/// The Canvas always stores these Unicode characters; the ncurses painter maps them to
/// the terminal's alternate character set when the locale cannot show Unicode.
public enum BoxGlyphs {
    /// Horizontal line.
    public static let horizontal = "─"
    /// Vertical line.
    public static let vertical = "│"
    /// Top-left corner.
    public static let topLeft = "┌"
    /// Top-right corner.
    public static let topRight = "┐"
    /// Bottom-left corner.
    public static let bottomLeft = "└"
    /// Bottom-right corner.
    public static let bottomRight = "┘"
    /// Tee pointing right (left edge junction).
    public static let teeRight = "├"
    /// Tee pointing left (right edge junction).
    public static let teeLeft = "┤"
    /// Tee pointing down (top edge junction).
    public static let teeDown = "┬"
    /// Tee pointing up (bottom edge junction).
    public static let teeUp = "┴"
    /// Crossing lines.
    public static let cross = "┼"
}
