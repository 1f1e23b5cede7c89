#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses

/// Paints `Canvas`es on a terminal through ncursesw and reads keys from it.
///
/// Two ways to get one:
/// - `open()` — the real terminal on standard input/output;
/// - `headless(width:height:)` — a private ncurses screen whose output goes to
///   /dev/null and whose input is a pipe, at a fixed size: for tests and benchmarks.
///   Keys are fed with `feed(_:)` (ncurses `unget_wch`) or `feedRaw(_:)` (bytes through
///   the pipe, decoded by ncurses exactly like a terminal's), and `screenText()` reads
///   back what ncurses believes is on the screen.
///
/// Only cells that changed since the previous `present` are painted. Every method
/// re-selects this screen (`set_term`) first, so several screens may coexist (tests),
/// but ncurses itself is single-threaded: the type is main-actor isolated.
///
/// Input is raw: Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-Q arrive as keys (`.control("c")`…),
/// so quitting on Ctrl-C and suspending on Ctrl-Z (`suspendJob`) are the app's job.
/// Escape waits 25 ms (`ESCDELAY`) for a following sequence; an Esc followed by a key is
/// an Alt chord (`.alt`). Bracketed paste is on while the screen is open: a paste
/// arrives as one `.paste`, never as keys (see ``KeyStreamDecoder``). Mouse reports are
/// asked for once the app says so (``setMouseReporting(_:)``) and arrive as `.mouse`;
/// Ctrl-Left/Right as `.controlLeft`/`.controlRight`. Canvases' hyperlinks are laid over
/// the screen as OSC 8 when ``hyperlinks`` is on.
/// Call `close()` when done (it is idempotent); see `TerminalRestorer` for crash paths.
@MainActor
package final class NcursesScreen {
    private let screen: OpaquePointer
    /// A test screen (`headless`): no real terminal, so no job to stop either.
    let isHeadless: Bool
    private let outputFile: UnsafeMutablePointer<FILE>?
    private let inputFile: UnsafeMutablePointer<FILE>?
    private let feedDescriptor: Int32?
    private let localeIsUTF8: Bool
    /// How clusters of several emoji are drawn: whole only where the terminal joins them.
    package let emojiSequences: EmojiSequenceDrawing
    private var palette: NcursesPalette
    private var lastCanvas: Canvas?
    private var cursor: (x: Int, y: Int, visible: Bool) = (0, 0, false)
    private var isClosed = false
    private var keyStream = KeyStreamDecoder()
    /// Keys decoded but not yet returned by `readKey` (an Esc and the key after it can
    /// complete together).
    private var decodedKeys: [Key] = []
    /// Whether the terminal is asked for mouse reports while the screen is open
    /// (``setMouseReporting(_:)``; `mouse = false` in the configuration keeps it off).
    private(set) var isMouseReporting = false
    /// Whether the canvases' ``Canvas/hyperlinks`` are sent as OSC 8 links
    /// (``HyperlinkSupport/decide(configured:environment:)``). Off by default.
    package var hyperlinks = false
    /// The links last laid over the screen: sent again only when they change or the screen
    /// was repainted whole (ncurses, which knows nothing of them, rewrote their cells).
    private var linksShown: [Hyperlink] = []
    /// What the last `present` wrote around ncurses (the links' bytes): for tests.
    package private(set) var lastHyperlinkBytes = ""

    private init(
        screen: OpaquePointer,
        isHeadless: Bool,
        outputFile: UnsafeMutablePointer<FILE>?,
        inputFile: UnsafeMutablePointer<FILE>?,
        feedDescriptor: Int32?,
        localeIsUTF8: Bool,
        allowColor: Bool,
        emojiSequences: EmojiSequenceDrawing
    ) {
        self.screen = screen
        self.isHeadless = isHeadless
        self.outputFile = outputFile
        self.inputFile = inputFile
        self.feedDescriptor = feedDescriptor
        self.localeIsUTF8 = localeIsUTF8
        self.emojiSequences = emojiSequences
        palette = NcursesPalette.start(allowColor: allowColor)
        configureInput()
    }

    // MARK: Opening

    /// Opens the real terminal (standard input and output).
    ///
    /// Throws `TerminalError` when either stream is not a terminal or `TERM` is unset,
    /// empty or `dumb`. Colours are used when the terminal has them and `NO_COLOR` is
    /// unset or empty, or when `overrideNoColor` (config.toml chose colours: no-color.org
    /// lets a user's own configuration win). Emoji sequences are drawn as
    /// ``EmojiSequenceDrawing/forTerminal(environment:)`` decides from the environment.
    package static func open(overrideNoColor: Bool = false) throws -> NcursesScreen {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        guard let term = environment("TERM"), term != "dumb" else { throw TerminalError.dumbTerminal }
        let utf8 = selectLocale()
        TerminalRestorer.saveModes()
        guard let screen = newterm(nil, parley_stdout(), parley_stdin()) else {
            throw TerminalError.ncursesFailed("no terminal description for TERM=\(TextSanitizer.singleLine(term))")
        }
        let noColor = !overrideNoColor && environment("NO_COLOR")?.isEmpty == false
        var terminal: [String: String] = [:]
        for name in ["PARLEY_EMOJI_SEQUENCES", "TERM_PROGRAM", "TERM", "TMUX", "STY"] {
            terminal[name] = environment(name)
        }
        let result = NcursesScreen(
            screen: screen, isHeadless: false, outputFile: nil, inputFile: nil,
            feedDescriptor: nil, localeIsUTF8: utf8, allowColor: !noColor,
            emojiSequences: EmojiSequenceDrawing.forTerminal(environment: terminal)
        )
        TerminalRestorer.arm()
        result.handleResize()
        return result
    }

    /// A screen of a fixed size that draws into /dev/null and reads from a private pipe,
    /// using the `xterm-256color` terminal description. For tests and benchmarks.
    package static func headless(
        width: Int, height: Int, color: Bool = true, emojiSequences: EmojiSequenceDrawing = .firstEmoji
    ) throws -> NcursesScreen {
        let utf8 = selectLocale()
        guard let output = fopen("/dev/null", "w") else { throw TerminalError.ncursesFailed("cannot open /dev/null") }
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0, let input = fdopen(descriptors[0], "r") else {
            fclose(output)
            throw TerminalError.ncursesFailed("cannot create an input pipe")
        }
        // A full pipe makes `feedRaw` fail rather than hang a test that reads too little.
        _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
        guard let screen = newterm("xterm-256color", output, input) else {
            fclose(output)
            fclose(input)
            closeDescriptor(descriptors[1])
            throw TerminalError.ncursesFailed("no terminal description for xterm-256color")
        }
        let result = NcursesScreen(
            screen: screen, isHeadless: true, outputFile: output, inputFile: input,
            feedDescriptor: descriptors[1], localeIsUTF8: utf8, allowColor: color,
            emojiSequences: emojiSequences
        )
        result.resize(width: width, height: height)
        return result
    }

    /// `setlocale(LC_ALL, "")`, falling back to C.UTF-8 for character handling when the
    /// environment names no locale (plain C/POSIX, common in containers). Returns whether
    /// the resulting character set is UTF-8.
    private static func selectLocale() -> Bool {
        setlocale(LC_ALL, "")
        if parley_locale_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        return parley_locale_is_utf8() != 0
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private func configureInput() {
        set_escdelay(25)
        raw()
        noecho()
        nonl()
        intrflush(parley_stdscr(), false)
        keypad(parley_stdscr(), true)
        nodelay(parley_stdscr(), true)
        curs_set(0)
        defineFallbackKeys()
        defineBracketedPasteKeys()
        defineMouseAndControlArrowKeys()
        setInputModes(true)
    }

    /// Terminals that ignore keypad-transmit mode (and some multiplexers) send the
    /// cursor-mode forms of arrows, Home and End; teach ncurses both forms.
    private func defineFallbackKeys() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[3~", KEY_DC), ("\u{1B}[2~", KEY_IC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
            ("\u{1B}[Z", KEY_BTAB),
        ]
        for (sequence, code) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// No terminfo entry names the paste markers: bind them to parley's private codes
    /// (`define_key` first drops any other binding of the same sequence).
    private func defineBracketedPasteKeys() {
        define_key(BracketedPaste.startSequence, BracketedPaste.startCode)
        define_key(BracketedPaste.endSequence, BracketedPaste.endCode)
    }

    /// The start of an SGR mouse report and Ctrl-Left/Right to parley's private codes
    /// (xterm-256color's `kmous` is the same `ESC [<`; it is rebound, so ncurses never
    /// tries to read the report itself).
    private func defineMouseAndControlArrowKeys() {
        define_key(MouseReporting.reportStart, MouseReporting.reportCode)
        define_key(ControlArrows.leftSequence, ControlArrows.leftCode)
        define_key(ControlArrows.rightSequence, ControlArrows.rightCode)
    }

    /// Turns the terminal's bracketed paste (and mouse reporting, when asked for) on or
    /// off. Written straight to the terminal: ncurses has no capability for either, and
    /// what `putp` queues before the first refresh is lost.
    func setInputModes(_ on: Bool) {
        var text = on ? BracketedPaste.enable : BracketedPaste.disable
        if isMouseReporting { text += on ? MouseReporting.enable : MouseReporting.disable }
        writeToTerminal(Array(text.utf8))
    }

    /// Asks the terminal for mouse reports, or stops asking (the configuration's `mouse`).
    package func setMouseReporting(_ on: Bool) {
        guard on != isMouseReporting, !isClosed else { return }
        isMouseReporting = on
        writeToTerminal(Array((on ? MouseReporting.enable : MouseReporting.disable).utf8))
    }

    /// Writes bytes to the terminal directly, around ncurses (which has written all it
    /// had: every `present` ends in `doupdate`). A headless screen writes to its /dev/null.
    func writeToTerminal(_ bytes: [UInt8]) {
        let descriptor = isHeadless ? outputFile.map { fileno($0) } : STDOUT_FILENO
        guard let descriptor, !bytes.isEmpty else { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    // MARK: Size

    /// The screen size in columns and rows.
    package var size: (width: Int, height: Int) {
        activate()
        return (Int(parley_getmaxx(parley_stdscr())), Int(parley_getmaxy(parley_stdscr())))
    }

    /// Re-reads the terminal size (after SIGWINCH) and resizes ncurses to it; the next
    /// `present` repaints everything. Returns whether the size changed. Headless screens
    /// keep their size (use `resize(width:height:)`).
    @discardableResult
    package func handleResize() -> Bool {
        guard !isHeadless, !isClosed else { return false }
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard parley_tty_size(STDOUT_FILENO, &rows, &columns) == 0 else { return false }
        return resize(width: Int(columns), height: Int(rows))
    }

    /// Resizes ncurses' idea of the screen (headless screens, or a size known otherwise).
    @discardableResult
    package func resize(width: Int, height: Int) -> Bool {
        guard !isClosed else { return false }
        activate()
        let current = size
        let width = min(max(1, width), Int(Int16.max))
        let height = min(max(1, height), Int(Int16.max))
        guard current.width != width || current.height != height else { return false }
        resize_term(Int32(height), Int32(width))
        // Terminals reflow their contents on resize: clear and repaint everything.
        clearok(parley_curscr(), true)
        lastCanvas = nil
        return true
    }

    // MARK: Painting

    /// Paints `canvas` at the top-left corner, touching only the cells that differ from
    /// the previously presented canvas (all of them after a resize), then updates the
    /// terminal once. Parts of the canvas beyond the screen are not drawn; screen cells
    /// beyond the canvas are blanked on a full repaint.
    package func present(_ canvas: Canvas) {
        guard !isClosed else { return }
        activate()
        let window = parley_stdscr()
        let previous = lastCanvas.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        if previous == nil {
            werase(window)
        }
        let (columns, rows) = size
        for y in 0..<min(rows, canvas.height) {
            for x in 0..<min(columns, canvas.width) {
                guard let cell = canvas.cell(atX: x, y: y), !cell.isContinuation else { continue }
                if let previous, previous.cell(atX: x, y: y) == cell,
                   previous.cell(atX: x + 1, y: y)?.isContinuation == canvas.cell(atX: x + 1, y: y)?.isContinuation {
                    continue
                }
                paint(cell, x: x, y: y, wide: canvas.cell(atX: x + 1, y: y)?.isContinuation == true, columns: columns)
            }
        }
        lastCanvas = canvas
        placeCursor()
        wnoutrefresh(window)
        doupdate()
        layHyperlinks(of: canvas, repaintedWhole: previous == nil)
    }

    /// Lays the canvas's links over what ncurses just drew (after `doupdate`, which leaves
    /// the terminal's attributes normal and the cursor where ``placeCursor()`` put it; the
    /// bytes save and restore it).
    private func layHyperlinks(of canvas: Canvas, repaintedWhole: Bool) {
        lastHyperlinkBytes = ""
        guard hyperlinks else { return }
        guard repaintedWhole || canvas.hyperlinks != linksShown else { return }
        linksShown = canvas.hyperlinks
        lastHyperlinkBytes = HyperlinkSupport.sequence(for: canvas.hyperlinks, on: canvas)
        writeToTerminal(Array(lastHyperlinkBytes.utf8))
    }

    /// Where the terminal cursor rests after each update, and whether it is shown
    /// (text editors show it; lists hide it). Takes effect immediately.
    package func setCursor(x: Int, y: Int, visible: Bool) {
        cursor = (x, y, visible)
        guard !isClosed else { return }
        activate()
        placeCursor()
        wnoutrefresh(parley_stdscr())
        doupdate()
    }

    private func placeCursor() {
        let (columns, rows) = size
        let x = min(max(0, cursor.x), max(0, columns - 1))
        let y = min(max(0, cursor.y), max(0, rows - 1))
        wmove(parley_stdscr(), Int32(y), Int32(x))
        curs_set(cursor.visible ? 1 : 0)
    }

    private func paint(_ cell: CanvasCell, x: Int, y: Int, wide: Bool, columns: Int) {
        let window = parley_stdscr()
        let attributes = NcursesPalette.attributes(for: cell.style)
        let pair = palette.pair(for: cell.style)
        // Printable ASCII, most cells: no width lookups, no arrays (what forGrapheme gives).
        if !wide, cell.grapheme.utf8.count == 1, let byte = cell.grapheme.utf8.first, byte >= 0x20, byte < 0x7F {
            return put(character: wchar_t(byte), x: x, y: y, attributes: attributes, pair: pair)
        }
        let width = wide && x + 1 < columns ? 2 : 1
        let glyph = wide && width == 1
            ? NcursesGlyph.placeholder(columns: 1)
            : NcursesGlyph.forGrapheme(cell.grapheme, columns: width, localeIsUTF8: localeIsUTF8, emojiSequences: emojiSequences)
        switch glyph {
        case .characters(let characters):
            put(characters, x: x, y: y, attributes: attributes, pair: pair)
        case .cluster(let characters):
            putCluster(characters, x: x, y: y, attributes: attributes, pair: pair)
        case .twoCells(let first, let second):
            put(first, x: x, y: y, attributes: attributes, pair: pair)
            put(second, x: x + 1, y: y, attributes: attributes, pair: pair)
        case .alternateCharacterSet(let character):
            mvwaddch(window, Int32(y), Int32(x), character | attributes | parley_color_pair(Int32(pair)))
        case .placeholder(let count):
            let mark: wchar_t = localeIsUTF8 ? 0xFFFD : 0x3F
            put([mark, 0], x: x, y: y, attributes: attributes, pair: pair)
            if count == 2 {
                put([0x20, 0], x: x + 1, y: y, attributes: attributes, pair: pair)
            }
        }
    }

    /// Writes one single-character cell, like `put(_:x:y:attributes:pair:)` without an array.
    private func put(character: wchar_t, x: Int, y: Int, attributes: attr_t, pair: Int16) {
        var cell = cchar_t()
        var characters: (wchar_t, wchar_t) = (character, 0)
        withUnsafePointer(to: &characters) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { _ = setcchar(&cell, $0, attributes, pair, nil) }
        }
        _ = mvwadd_wch(parley_stdscr(), Int32(y), Int32(x), &cell)
    }

    /// Writes one cell. ncurses reports ERR for the bottom-right cell (it cannot advance
    /// the cursor past it) even though the cell is written, so the result is ignored.
    private func put(_ characters: [wchar_t], x: Int, y: Int, attributes: attr_t, pair: Int16) {
        var cell = cchar_t()
        characters.withUnsafeBufferPointer { buffer in
            _ = setcchar(&cell, buffer.baseAddress, attributes, pair, nil)
        }
        _ = mvwadd_wch(parley_stdscr(), Int32(y), Int32(x), &cell)
    }

    /// Writes a whole emoji sequence into one cell. `setcchar` stops at the second wide
    /// character, so the cell is made from the first and the rest written into its
    /// character array by hand: ncurses keeps the array, measures the cell by its first
    /// character (two columns, as the Canvas does) and sends every character of it.
    private func putCluster(_ characters: [wchar_t], x: Int, y: Int, attributes: attr_t, pair: Int16) {
        guard let first = characters.first, characters.count == Int(CCHARW_MAX) else { return }
        var cell = cchar_t()
        var head: (wchar_t, wchar_t) = (first, 0)
        withUnsafePointer(to: &head) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { _ = setcchar(&cell, $0, attributes, pair, nil) }
        }
        withUnsafeMutableBytes(of: &cell.chars) { bytes in
            let slots = bytes.bindMemory(to: wchar_t.self)
            for (index, character) in characters.enumerated() where index < slots.count { slots[index] = character }
        }
        _ = mvwadd_wch(parley_stdscr(), Int32(y), Int32(x), &cell)
    }

    /// What ncurses believes the terminal shows (its `curscr`), one line per row with
    /// trailing spaces trimmed — the same form as `Canvas.text`.
    package func screenText() -> String {
        guard !isClosed else { return "" }
        activate()
        let (columns, rows) = size
        var buffer = [wchar_t](repeating: 0, count: columns + 1)
        var lines: [String] = []
        for y in 0..<rows {
            let count = mvwinnwstr(parley_curscr(), Int32(y), 0, &buffer, Int32(columns))
            var line = String.UnicodeScalarView()
            for value in buffer.prefix(max(0, Int(count))) {
                if value == 0 { break }
                if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { line.append(scalar) }
            }
            var text = Substring(String(line))
            while text.last == " " { text.removeLast() }
            lines.append(String(text))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Keys

    /// The next pending key, or `nil` when none is waiting. Never blocks (beyond the
    /// 25 ms Escape delay). Call it in a loop when stdin is readable until it returns
    /// `nil`: ncurses buffers input, so leaving keys unread can strand them.
    /// Keys parley does not know are skipped. A paste whose end marker has not arrived
    /// yet returns `nil` and completes on a later call, when the rest is readable.
    package func readKey() -> Key? {
        guard !isClosed else { return nil }
        if decodedKeys.isEmpty {
            activate()
            decodedKeys = readDecodedKeys()
        }
        return decodedKeys.isEmpty ? nil : decodedKeys.removeFirst()
    }

    /// Reads raw results until they complete at least one key, or until ncurses has no
    /// more input (then a waiting Esc is a lone Esc).
    private func readDecodedKeys() -> [Key] {
        while true {
            var value: wint_t = 0
            let status = wget_wch(parley_stdscr(), &value)
            guard let raw = KeyDecoder.raw(status: status, value: UInt32(value)) else {
                return keyStream.endOfInput()
            }
            let keys = keyStream.decode(raw)
            if !keys.isEmpty { return keys }
        }
    }

    /// All pending keys, in order.
    package func readKeys() -> [Key] {
        var keys: [Key] = []
        while let key = readKey() { keys.append(key) }
        return keys
    }

    /// Queues keys so the following `readKey` calls return them in order (ncurses
    /// `unget_wch`/`ungetch`). ncurses' queue holds about 130 codes; returns false (and
    /// queues nothing) when the keys do not fit or one cannot be encoded (`.paste`: feed
    /// its bytes with `feedRaw`). A lone `.escape` must come last: followed by a key it
    /// is read back as an Alt chord, as from a terminal.
    @discardableResult
    package func feed(_ keys: [Key]) -> Bool {
        guard !isClosed else { return false }
        var codes: [RawKey] = []
        for key in keys {
            guard let encoded = KeyDecoder.encode(key) else { return false }
            codes += encoded
        }
        guard codes.count <= 128 else { return false }
        activate()
        // The queue is a stack: push in reverse so the first key comes out first.
        for code in codes.reversed() {
            switch code {
            case .character(let value): _ = unget_wch(wchar_t(bitPattern: value))
            case .keyCode(let value): _ = ungetch(value)
            }
        }
        return true
    }

    /// Writes bytes to a headless screen's input pipe, as if typed on a terminal
    /// (escape sequences are decoded by ncurses from the xterm-256color description).
    /// Returns false on a real terminal, or when the pipe cannot take all the bytes
    /// (about 64 KB unread: feed big inputs in pieces, reading between them).
    @discardableResult
    package func feedRaw(_ bytes: [UInt8]) -> Bool {
        guard let feedDescriptor, !isClosed else { return false }
        let written = bytes.withUnsafeBytes { write(feedDescriptor, $0.baseAddress, $0.count) }
        return written == bytes.count
    }

    // MARK: Closing

    /// Ends ncurses and restores the terminal (modes, cursor, main screen). Idempotent.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        activate()
        curs_set(1)
        setInputModes(false)
        endwin()
        delscreen(screen)
        if isHeadless {
            if let outputFile { fclose(outputFile) }
            if let inputFile { fclose(inputFile) }
            if let feedDescriptor { NcursesScreen.closeDescriptor(feedDescriptor) }
        } else {
            TerminalRestorer.disarm()
        }
    }

    /// Whether `close()` was called.
    package var closed: Bool { isClosed }

    private static func closeDescriptor(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    private func activate() {
        set_term(screen)
    }
}
