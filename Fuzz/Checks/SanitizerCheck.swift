import TerminalUI

/// The sanitizer lets nothing through that acts on a terminal, whatever the bytes.
enum SanitizerCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let clean = TextSanitizer.sanitize(bytes: input)
        try TerminalSafety.requireSafe(clean, "sanitize(bytes:)")
        try require(!clean.unicodeScalars.contains("\r"), "sanitize(bytes:) kept a carriage return")
        // Already clean text has nothing left to remove.
        try require(TextSanitizer.sanitize(clean) == clean, "sanitize is not idempotent on \(TerminalSafety.show(clean))")

        let text = String(decoding: input, as: UTF8.self)
        let line = TextSanitizer.singleLine(text)
        try TerminalSafety.requireSafe(line, "singleLine", allowing: [])
        try requireSingleSpaced(line)

        try TerminalSafety.requireSafe(TextSanitizer.escapingControls(text), "escapingControls", allowing: [])
    }

    /// Whitespace in a single line is single spaces between words (scalars, not
    /// Characters: a space followed by a combining mark is one Character).
    private static func requireSingleSpaced(_ line: String) throws(FuzzViolation) {
        let scalars = Array(line.unicodeScalars)
        try require(scalars.first?.properties.isWhitespace != true && scalars.last?.properties.isWhitespace != true,
                    "singleLine is not trimmed: \(TerminalSafety.show(line))")
        for (index, scalar) in scalars.enumerated() where scalar.properties.isWhitespace {
            try require(scalar == " ", "singleLine kept whitespace other than a space: \(TerminalSafety.show(line))")
            try require(index == 0 || scalars[index - 1] != " ", "singleLine kept a run of spaces: \(TerminalSafety.show(line))")
        }
    }
}
