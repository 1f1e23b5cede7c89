import CNcurses

/// Turns the stream of raw `get_wch` results into keys where one key spans several
/// results: Alt chords and bracketed pastes. Pure and synchronous: it keeps only what
/// it has seen, so tests feed it raw keys directly.
///
/// - **Alt chords.** Terminals send Alt-y as Esc then `y`. ncurses returns them as two
///   results (27, then `y`) once its `ESCDELAY` (25 ms in parley) has told it they are
///   not a known sequence, so an Esc followed by another result in the same read is one
///   chord: `.alt(.character("y"))` (where nothing takes that chord, the key map makes it
///   the Esc and the key again: ``KeyMap/keys(for:in:)``). An Esc with nothing after it (``endOfInput()``) is
///   a lone Esc. Esc Esc is a lone Esc followed by an Esc that may start a chord itself.
///   Alt with a key parley does not decode is dropped whole: its Esc must not act alone.
/// - **Bracketed paste.** Everything between ``BracketedPaste/startCode`` and
///   ``BracketedPaste/endCode`` becomes one `.paste` with the pasted text, raw (the field
///   that takes it sanitises). Key codes ncurses recognised inside the pasted text (an
///   escape sequence that happens to be an arrow's) are dropped: text, never keys (a
///   resize, which is no key, still comes through). A paste
///   whose end has not arrived yet waits across reads. An end marker that reached ncurses
///   in two pieces too far apart for `ESCDELAY` arrives as plain characters; it still ends
///   the paste, or every key after it would be swallowed as text.
/// - **Mouse reports.** ncurses returns ``MouseReporting/reportCode`` for a report's
///   start (`ESC [ <`) and the rest as characters: digits and `;` up to `M` or `m`, which
///   become one ``Key/mouse(_:)``. Anything else ends the report unread (malformed:
///   dropped) and is decoded as itself; a report that has not ended yet waits across reads.
package struct KeyStreamDecoder: Sendable {
    private var escapePending = false
    /// The parameters of a mouse report gathered so far (nil: not in a report).
    private var mouseParameters: String?
    private var paste: String.UnicodeScalarView?
    private var pasteLength = 0
    /// How many scalars of the end marker the paste's text ends with so far.
    private var endMarkerMatched = 0

    /// A decoder that has seen nothing.
    package init() {}

    /// Whether a paste has started and its end marker has not arrived yet.
    package var isInPaste: Bool { paste != nil }

    /// Takes the next raw result; returns the keys it completes, in order (none while an
    /// Esc waits for what follows it or a paste for its end).
    package mutating func decode(_ raw: RawKey) -> [Key] {
        if paste != nil { return continuePaste(raw) }
        if mouseParameters != nil, let keys = continueMouseReport(raw) { return keys }
        switch raw {
        case .keyCode(MouseReporting.reportCode):
            let before = takeEscape()
            mouseParameters = ""
            return before
        case .keyCode(BracketedPaste.startCode):
            let before = takeEscape()
            paste = String.UnicodeScalarView()
            pasteLength = 0
            endMarkerMatched = 0
            return before
        case .keyCode(BracketedPaste.endCode):
            // An end without a start (the start was lost): nothing to type.
            return takeEscape()
        case .character(27):
            let before = takeEscape()
            escapePending = true
            return before
        default:
            guard escapePending else { return KeyDecoder.decode(raw).map { [$0] } ?? [] }
            escapePending = false
            guard let key = KeyDecoder.decode(raw) else { return [] }
            // A resize is not something the user typed after Esc.
            return key == .resize ? [.escape, .resize] : [.alt(key)]
        }
    }

    /// ncurses has no more input (it already waited `ESCDELAY` after an Esc): an Esc still
    /// waiting was pressed alone. A paste without its end marker keeps waiting.
    package mutating func endOfInput() -> [Key] {
        takeEscape()
    }

    private mutating func takeEscape() -> [Key] {
        guard escapePending else { return [] }
        escapePending = false
        return [.escape]
    }

    private mutating func continuePaste(_ raw: RawKey) -> [Key] {
        switch raw {
        case .keyCode(BracketedPaste.endCode):
            return finishPaste()
        case .keyCode(KEY_RESIZE):
            // Not from the pasted text: the terminal changed size meanwhile.
            return [.resize]
        case .keyCode:
            return []
        case .character(let value):
            guard let scalar = Unicode.Scalar(value) else { return [] }
            endMarkerMatched = scalar == Self.endMarker[endMarkerMatched] ? endMarkerMatched + 1 : (scalar == "\u{1B}" ? 1 : 0)
            if endMarkerMatched == Self.endMarker.count { return finishPaste(droppingLast: Self.endMarker.count - 1) }
            guard pasteLength < BracketedPaste.maximumLength else { return [] }
            paste?.append(scalar)
            pasteLength += 1
            return []
        }
    }

    /// Gathers a mouse report; `nil` when `raw` is no part of one (the report is dropped
    /// and `raw` decoded as itself).
    private mutating func continueMouseReport(_ raw: RawKey) -> [Key]? {
        guard case .character(let value) = raw, let scalar = Unicode.Scalar(value),
              var parameters = mouseParameters else {
            mouseParameters = nil
            return nil
        }
        switch scalar {
        case "0"..."9", ";":
            parameters.unicodeScalars.append(scalar)
            guard parameters.utf8.count <= MouseReporting.maximumParameterLength else {
                mouseParameters = nil
                return []
            }
            mouseParameters = parameters
            return []
        case "M", "m":
            mouseParameters = nil
            return MouseEvent.decodeSGR(parameters: parameters, final: Character(scalar)).map { [.mouse($0)] } ?? []
        default:
            mouseParameters = nil
            return nil
        }
    }

    private static let endMarker = Array(BracketedPaste.endSequence.unicodeScalars)

    /// Ends the paste; `droppingLast` scalars already gathered were the end marker's.
    private mutating func finishPaste(droppingLast count: Int = 0) -> [Key] {
        var scalars = paste ?? String.UnicodeScalarView()
        scalars.removeLast(min(count, scalars.count))
        paste = nil
        endMarkerMatched = 0
        let text = String(scalars)
        return text.isEmpty ? [] : [.paste(text)]
    }
}
