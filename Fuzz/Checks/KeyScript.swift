import TerminalUI

/// How the editors target reads its bytes: what a terminal could send, compactly.
///
/// - byte 0: the layout width (1…64);
/// - up to the first 0x00: the text the editors start with (UTF-8, invalid bytes become
///   U+FFFD), as when a comment is edited;
/// - the rest, one raw key (`get_wch` result) at a time: 0x00 is "no more input for now"
///   (ends a lone Esc); 0xF8–0xFF (never in UTF-8) takes the next byte as a key code from
///   `keyCodes`, or an unknown code; a valid UTF-8 sequence is that scalar; any other
///   byte is its own value (so C1 controls 0x80–0x9F arrive as they do from a terminal).
struct KeyScript {
    /// One step of the key stream.
    enum Step: Equatable {
        case raw(RawKey)
        case endOfInput
    }

    let width: Int
    let initialText: String
    let steps: [Step]

    /// The key codes a terminal produces, bracketed-paste markers included.
    static let keyCodes: [RawKey] = {
        let keys: [Key] = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter,
                           .delete, .insert, .backTab, .resize, .function(1), .function(12)]
        let codes = keys.compactMap { KeyDecoder.encode($0)?.first }
        return codes + [.keyCode(BracketedPaste.startCode), .keyCode(BracketedPaste.endCode)]
    }()

    init(_ input: [UInt8]) {
        width = 1 + Int(input.first ?? 0) % 64
        let body = input.dropFirst()
        let textEnd = body.firstIndex(of: 0) ?? body.endIndex
        initialText = String(decoding: body[..<textEnd], as: UTF8.self)
        steps = Self.steps(body[textEnd...].dropFirst())
    }

    private static func steps(_ bytes: ArraySlice<UInt8>) -> [Step] {
        var steps: [Step] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x00:
                steps.append(.endOfInput)
                index += 1
            case 0xF8...0xFF:
                let selector = index + 1 < bytes.endIndex ? Int(bytes[index + 1]) : 0
                steps.append(.raw(selector < keyCodes.count ? keyCodes[selector] : .keyCode(Int32(selector) + 0x100)))
                index += 2
            default:
                let (scalar, length) = decodeScalar(bytes, at: index)
                steps.append(.raw(.character(scalar)))
                index += length
            }
        }
        return steps
    }

    /// The UTF-8 scalar at `index` and its length, or the byte itself when no valid
    /// sequence starts there.
    private static func decodeScalar(_ bytes: ArraySlice<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 1, index + length <= bytes.endIndex,
              let text = String(validating: bytes[index..<index + length], as: UTF8.self),
              let scalar = text.unicodeScalars.first
        else { return (UInt32(lead), 1) }
        return (scalar.value, length)
    }
}
