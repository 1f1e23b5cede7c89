import CNcurses

/// How one canvas grapheme goes onto the ncurses screen.
///
/// ncurses measures characters with the C library's `wcwidth`, which can disagree with
/// `DisplayWidth` (older Unicode tables, VS16 emoji such as "❤️", unknown new emoji, or a
/// non-UTF-8 locale where everything non-ASCII is unprintable). If ncurses and the Canvas
/// disagreed about a width, every later cell on the row would shift, so each grapheme is
/// drawn in a form whose C-library width equals its Canvas width.
enum NcursesGlyph: Equatable {
    /// Draw these wide characters (base + zero-width marks) as one cell of the Canvas width.
    case characters([wchar_t])
    /// A whole emoji sequence in one cell of the Canvas width: every character of it goes
    /// to the terminal, which joins them into one glyph (``EmojiSequenceDrawing/wholeCluster``).
    /// ncurses measures a cell by its first character (two columns), and `setcchar` would
    /// keep only the first emoji, so the cell is filled by hand (see `NcursesScreen`).
    case cluster([wchar_t])
    /// The C library thinks the grapheme is narrow but the Canvas gave it two columns:
    /// draw it in the first column and `second` (a space, or the second regional
    /// indicator of a flag, so the terminal still receives the whole pair) in the next.
    case twoCells(first: [wchar_t], second: [wchar_t])
    /// A line-drawing character from the alternate character set (non-UTF-8 locales).
    case alternateCharacterSet(chtype)
    /// The grapheme cannot be shown faithfully: draw `columns` placeholders.
    case placeholder(columns: Int)

    /// The glyph for `grapheme`, which occupies `columns` (1 or 2) Canvas columns; emoji
    /// sequences are drawn as `emojiSequences` says.
    static func forGrapheme(
        _ grapheme: String, columns: Int, localeIsUTF8: Bool, emojiSequences: EmojiSequenceDrawing = .firstEmoji
    ) -> NcursesGlyph {
        guard let first = grapheme.unicodeScalars.first else { return .placeholder(columns: columns) }
        if !localeIsUTF8, let acs = alternateCharacter(for: first) {
            return .alternateCharacterSet(acs)
        }
        let baseWidth = Int(parley_wcwidth(wchar_t(bitPattern: first.value)))
        guard baseWidth >= 1 else { return .placeholder(columns: columns) }
        if emojiSequences == .wholeCluster, baseWidth == 2, columns == 2, let whole = wholeSequence(grapheme) {
            return .cluster(whole)
        }
        let characters = composed(grapheme)
        switch (baseWidth, columns) {
        case (1, 1), (2, 2): return .characters(characters)
        case (1, 2): return .twoCells(first: characters, second: secondCell(of: grapheme, after: characters))
        default: return .placeholder(columns: columns)
        }
    }

    /// The base scalar plus the following scalars the C library treats as zero-width,
    /// up to ncurses' limit per cell (`CCHARW_MAX`), NUL-terminated for `setcchar`.
    ///
    /// A ZWJ sequence (👩‍💻) is cut before its next wide part, so only its first emoji is
    /// drawn (``EmojiSequenceDrawing/firstEmoji``); a zero-width joiner left at the end of
    /// the cut is dropped, or terminals that join emoji would glue it to the next cell's
    /// character and shift the row.
    static func composed(_ grapheme: String) -> [wchar_t] {
        var characters: [wchar_t] = []
        for scalar in grapheme.unicodeScalars {
            let character = wchar_t(bitPattern: scalar.value)
            if !characters.isEmpty && parley_wcwidth(character) != 0 { break }
            characters.append(character)
            if characters.count == Int(CCHARW_MAX) { break }
        }
        while characters.count > 1, characters.last == zeroWidthJoiner { characters.removeLast() }
        return characters + [0]
    }

    private static let zeroWidthJoiner = wchar_t(0x200D)

    /// Every character of a cluster that holds more than one wide emoji (a ZWJ sequence,
    /// a skin tone), NUL-padded, when it fits in one ncurses cell; `nil` for any other
    /// cluster (drawn by `composed`) or a sequence too long for a cell.
    static func wholeSequence(_ grapheme: String) -> [wchar_t]? {
        let characters = grapheme.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        guard characters.count <= Int(CCHARW_MAX),
              characters.dropFirst().contains(where: { parley_wcwidth($0) == 2 })
        else { return nil }
        return characters + Array(repeating: 0, count: Int(CCHARW_MAX) - characters.count)
    }

    /// What goes in the second column of a narrow-by-libc grapheme: the remaining scalar
    /// of a two-scalar cluster whose parts are each narrow (a flag), else a space.
    private static func secondCell(of grapheme: String, after first: [wchar_t]) -> [wchar_t] {
        let scalars = Array(grapheme.unicodeScalars)
        let used = first.count - 1
        if scalars.count == used + 1 {
            let rest = wchar_t(bitPattern: scalars[used].value)
            if parley_wcwidth(rest) == 1 { return [rest, 0] }
        }
        return [0x20, 0]
    }

    /// The ACS equivalent of a box-drawing character.
    private static func alternateCharacter(for scalar: Unicode.Scalar) -> chtype? {
        switch String(scalar) {
        case BoxGlyphs.horizontal: return parley_acs_hline()
        case BoxGlyphs.vertical: return parley_acs_vline()
        case BoxGlyphs.topLeft: return parley_acs_ulcorner()
        case BoxGlyphs.topRight: return parley_acs_urcorner()
        case BoxGlyphs.bottomLeft: return parley_acs_llcorner()
        case BoxGlyphs.bottomRight: return parley_acs_lrcorner()
        case BoxGlyphs.teeRight: return parley_acs_ltee()
        case BoxGlyphs.teeLeft: return parley_acs_rtee()
        case BoxGlyphs.teeDown: return parley_acs_ttee()
        case BoxGlyphs.teeUp: return parley_acs_btee()
        case BoxGlyphs.cross: return parley_acs_plus()
        default: return nil
        }
    }
}
