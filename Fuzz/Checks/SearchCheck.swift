import Foundation
import CommentsKit

/// The search finds a needle exactly where a byte-by-byte search of text folded the plain
/// way finds it (issue 29: a needle longer than the fast search's 17-byte block crashed
/// it). Through ``CommentSearch/Pattern``, which takes the ASCII path for an ASCII text
/// and the folded pair search for any other.
///
/// The input's first byte says how long the needle is (1–80 bytes of what follows, as
/// UTF-8, invalid bytes as U+FFFD); the rest is the text. Its second bit also says whether
/// the text is repeated once more after itself, so texts a little longer than the needle
/// and holding it late come easily.
enum SearchCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        guard let header = input.first else { return }
        let body = input.dropFirst()
        let needleLength = min(body.count, Int(header) % 80 + 1)
        let needle = String(decoding: body.prefix(needleLength), as: UTF8.self)
        var text = String(decoding: body.dropFirst(needleLength), as: UTF8.self)
        if header & 0x80 != 0 { text += needle + text }
        guard let pattern = CommentSearch.Pattern(needle) else {
            try require(plainFolded(needle.trimmingCharacters(in: .whitespaces)).allSatisfy { $0 == 0 },
                        "no pattern for \(TerminalSafety.show(needle)), which folds to something")
            return
        }
        let expected = contains(plainFolded(needle.trimmingCharacters(in: .whitespaces)).filter { $0 != 0 }, in: plainFolded(text))
        try require(pattern.contains(text) == expected,
                    "\(TerminalSafety.show(needle)) in \(TerminalSafety.show(text)): \(!expected), the plain search says \(expected)")
    }

    /// `text` folded one scalar at a time, as the search's documentation defines it:
    /// ASCII capitals lowered, anything else through Foundation's case and diacritic
    /// folding with the combining marks left dropped.
    static func plainFolded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                continue
            }
            let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            for part in folded.unicodeScalars where part.properties.generalCategory != .nonspacingMark && part.value != 0 {
                bytes.append(contentsOf: part.utf8)
            }
        }
        return bytes
    }

    /// Whether `needle` occurs in `haystack`, trying every offset.
    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
