import TerminalUI

/// Widths are what the layout code asks for: never wider, and exactly as wide when padding.
///
/// The input is the text (UTF-8, invalid bytes become U+FFFD); its first byte also picks
/// the width (−2…61, so zero and negative widths are tried too). Keeping that byte in the
/// text lets a crash found with the text alone replay as is (`d8d884`, issue 17).
enum WidthCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let width = Int(input.first ?? 0) % 64 - 2
        let text = String(decoding: input, as: UTF8.self)
        let wanted = max(0, width)
        let shown = TerminalSafety.show(text)

        let cut = DisplayWidth.truncate(text, toWidth: width)
        try require(DisplayWidth.of(cut) <= wanted, "truncate(\(shown), \(width)) is \(DisplayWidth.of(cut)) wide")
        let fitted = DisplayWidth.fit(text, toWidth: width)
        try require(DisplayWidth.of(fitted) == wanted, "fit(\(shown), \(width)) is \(DisplayWidth.of(fitted)) wide")
        let padded = DisplayWidth.pad(text, toWidth: width)
        try require(DisplayWidth.of(padded) >= wanted, "pad(\(shown), \(width)) is \(DisplayWidth.of(padded)) wide")
        try require(padded.unicodeScalars.starts(with: text.unicodeScalars), "pad(\(shown), \(width)) changed the text")

        let clean = TextSanitizer.sanitize(text)
        for line in TextWrapper.wrap(clean, width: width) where DisplayWidth.of(line) > wanted {
            throw FuzzViolation("wrap(\(shown), \(width)) made \(TerminalSafety.show(line)), \(DisplayWidth.of(line)) wide")
        }
    }
}
