/// Makes untrusted text (network data, terminal input) safe to put on a terminal.
///
/// What `sanitize` removes, in one linear pass over the Unicode scalars:
/// - every escape sequence with its payload: CSI (`ESC [ … final`), OSC (`ESC ] …`),
///   DCS (`ESC P`), APC (`ESC _`), PM (`ESC ^`), SOS (`ESC X`) — string sequences end at
///   BEL, ST (`ESC \` or U+009C) or the next ESC; an unterminated one swallows the rest
///   of the text, exactly as a terminal would — nF sequences such as `ESC ( B`, and
///   two-character sequences such as `ESC c`;
/// - the 8-bit C1 forms of the same introducers (U+009B CSI, U+009D OSC, U+0090 DCS,
///   U+009F APC, U+009E PM, U+0098 SOS) with their payloads, and every other C1 control;
/// - C0 controls except newline and tab, and DEL;
/// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can
///   reorder the rest of a line ("Trojan Source"). The directional *marks* U+200E, U+200F
///   and U+061C are kept: they affect only neutral characters next to them, cannot
///   spill over, and real right-to-left text needs them.
///
/// Line endings: `\r\n` becomes `\n`, and a lone `\r` also becomes `\n` (old Mac line
/// endings), so a carriage return can never move the cursor back over a line.
/// Invalid UTF-8 (only possible through `sanitize(bytes:)`) becomes U+FFFD.
package enum TextSanitizer {
    /// `s` with escape sequences, controls (except `\n` and `\t`) and bidi controls removed.
    package static func sanitize(_ s: String) -> String {
        var filter = Filter()
        var output: [UInt8] = []
        output.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            if let kept = filter.consume(scalar) {
                appendUTF8(kept, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes bytes as UTF-8 (invalid sequences become U+FFFD), then sanitises.
    package static func sanitize(bytes: some Sequence<UInt8>) -> String {
        sanitize(String(decoding: Array(bytes), as: UTF8.self))
    }

    /// A sanitised single line for list excerpts and titles: newlines, tabs and other
    /// whitespace become one space, runs collapse, and the ends are trimmed.
    ///
    /// `sanitize` and the whitespace pass in one walk over the scalars (every list row
    /// calls this for its author and excerpt, on every frame).
    package static func singleLine(_ s: String) -> String {
        if isPlainSingleLine(s) { return s }
        var filter = Filter()
        var output: [UInt8] = []
        output.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for scalar in s.unicodeScalars {
            guard let kept = filter.consume(scalar) else { continue }
            if isWhitespace(kept) {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace {
                output.append(0x20)
                pendingSpace = false
            }
            appendUTF8(kept, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Output goes to UTF-8 bytes, made a String once at the end: appending scalars to a
    /// `String.UnicodeScalarView` one by one cost three times as much.
    private static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        if scalar.isASCII {
            output.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { output.append($0) }
        }
    }

    /// Printable ASCII with single inner spaces and no space at either end: already what
    /// `singleLine` would make of it.
    private static func isPlainSingleLine(_ s: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in s.utf8 {
            guard byte > 0x20 && byte < 0x7F || byte == 0x20 && previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20
    }

    /// `Unicode.Scalar.Properties.isWhitespace`, without the property lookup for ASCII.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return scalar.properties.isWhitespace
    }

    /// `s` with every scalar that `isForbidden` — newline and tab included — written as
    /// `<U+XXXX>`, everything else kept: for logs, where a dropped character would hide
    /// what the site sent, and a raw one would act on the terminal of whoever reads the
    /// log (`cat`, `tail -f`). One event stays one line.
    package static func escapingControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isForbidden) else { return s }
        var output = ""
        output.reserveCapacity(s.utf8.count + 16)
        for scalar in s.unicodeScalars {
            if isForbidden(scalar) {
                output += escapeCode(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `<U+009B>`: four hex digits at least, as Unicode writes code points.
    static func escapeCode(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// Whether a scalar may never reach a cell: any control (C0, DEL, C1) or bidi
    /// embedding/override/isolate. Newline and tab count as controls here.
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || isBidiControl(value)
    }

    static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The escape-sequence state machine; one scalar in, at most one scalar out.
    struct Filter {
        private enum State {
            case text
            case escape              // after ESC
            case escapeIntermediate  // ESC followed by 0x20–0x2F bytes
            case controlSequence     // CSI parameters and intermediates
            case controlString       // OSC/DCS/APC/PM/SOS payload
        }

        private var state = State.text
        private var lastWasCarriageReturn = false

        mutating func consume(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            let value = scalar.value
            switch state {
            case .text:
                return text(scalar)
            case .escape:
                switch value {
                case 0x5B: state = .controlSequence                  // [
                case 0x5D, 0x50, 0x5F, 0x5E, 0x58: state = .controlString  // ] P _ ^ X
                case 0x20...0x2F: state = .escapeIntermediate
                case 0x1B: state = .escape
                case 0x30...0x7E: state = .text                      // two-character sequence
                default:
                    state = .text                                    // malformed: drop the ESC only
                    return text(scalar)
                }
                return nil
            case .escapeIntermediate:
                switch value {
                case 0x20...0x2F: break
                case 0x30...0x7E: state = .text
                case 0x1B: state = .escape
                default:
                    state = .text
                    return text(scalar)
                }
                return nil
            case .controlSequence:
                switch value {
                case 0x20...0x3F: break                              // parameters, intermediates
                case 0x40...0x7E: state = .text                      // final byte
                case 0x1B: state = .escape
                case 0x00...0x1F, 0x7F: break                        // terminals execute these; we drop them
                default:
                    state = .text                                    // not a CSI after all
                    return text(scalar)
                }
                return nil
            case .controlString:
                switch value {
                case 0x07, 0x9C: state = .text                       // BEL or ST ends the string
                case 0x1B: state = .escape                           // ESC \ (ST) or a new sequence
                default: break
                }
                return nil
            }
        }

        private mutating func text(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            let value = scalar.value
            let afterCarriageReturn = lastWasCarriageReturn
            lastWasCarriageReturn = false
            switch value {
            case 0x0A:
                return afterCarriageReturn ? nil : scalar
            case 0x09:
                return scalar
            case 0x0D:
                lastWasCarriageReturn = true
                return "\n"
            case 0x1B:
                state = .escape
                return nil
            case 0x9B:
                state = .controlSequence
                return nil
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                state = .controlString
                return nil
            default:
                return isForbidden(scalar) ? nil : scalar
            }
        }
    }
}
