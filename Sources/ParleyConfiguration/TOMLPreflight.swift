/// Keeps from TOMLKit's parser (toml++ 3.4, the latest release) the malformed TOML that
/// makes it fail its own assertions instead of reporting an error: in a debug build that
/// aborts parley ("Assertion … failed"), in a release build the assertion becomes an
/// optimiser assumption (undefined behaviour). The `config` fuzz target found four ways
/// (Fuzz/Crashes/config): a header with no name after `[` (`[` then a newline, after a
/// byte order mark too), a date whose `T` is not followed by digits, a `}` where an array
/// expects a value, and a date followed by a space, a digit and a NUL.
///
/// Rather than chase each one, this lets through only what a configuration parley accepts
/// can hold outside strings and comments: keys, `=`, numbers, booleans, `[table]` headers
/// and inline tables. Arrays, dates and times never are one of parley's settings, and
/// anything else (controls, non-ASCII, `:`) is not TOML outside a string; so rejecting
/// them costs no valid configuration, and the parser's riskiest paths stay unreached.
enum TOMLPreflight {
    /// The first such problem, as a 1-based line and a sentence; `nil` when there is none.
    static func problem(in text: String) -> (line: Int, message: String)? {
        var scanner = Scanner(Array(text.unicodeScalars))
        return scanner.run()
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        /// Only blanks so far on this line (outside strings): a `[` here opens a header.
        var atLineStart = true

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            // The parser skips a byte order mark, so a `[` after one still opens a header.
            if scalars.first == "\u{FEFF}" { index = 1 }
        }

        mutating func run() -> (line: Int, message: String)? {
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\n":
                    line += 1
                    atLineStart = true
                    index += 1
                case " ", "\t", "\r":
                    index += 1
                case "#":
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                case "\"", "'":
                    atLineStart = false
                    skipString(quote: scalar)
                case "[":
                    guard atLineStart else { return (line, "parley's settings take no arrays") }
                    atLineStart = false
                    if !headerNameFollows() { return (line, "a table header needs a name right after [") }
                default:
                    atLineStart = false
                    guard Self.isAllowed(scalar) else {
                        return (line, "\(Self.describe(scalar)) cannot stand outside a string")
                    }
                    if isDate() { return (line, "parley's settings take no dates") }
                    index += 1
                }
            }
            return nil
        }

        private func scalar(at position: Int) -> Unicode.Scalar? {
            position < scalars.count ? scalars[position] : nil
        }

        /// At a header's `[`: skips `[`, a second `[`, blanks; is what follows a start of name?
        private mutating func headerNameFollows() -> Bool {
            index += 1
            if scalar(at: index) == "[" { index += 1 }
            while let next = scalar(at: index), next == " " || next == "\t" { index += 1 }
            guard let next = scalar(at: index) else { return true }  // the parser reports the end
            return Self.isBareKeyCharacter(next) || next == "\"" || next == "'" || next == "]"
        }

        /// At a digit: does a date (`dddd-dd-dd`) start here?
        private func isDate() -> Bool {
            let shape = Array("dddd-dd-dd".unicodeScalars)
            guard index + shape.count <= scalars.count else { return false }
            for (offset, expected) in shape.enumerated() {
                let actual = scalars[index + offset]
                if expected == "d" ? !Self.isDigit(actual) : actual != expected { return false }
            }
            return true
        }

        /// Skips a basic ("…", """…""") or literal ('…', '''…''') string, counting lines.
        private mutating func skipString(quote: Unicode.Scalar) {
            let multiLine = scalar(at: index + 1) == quote && scalar(at: index + 2) == quote
            index += multiLine ? 3 : 1
            while index < scalars.count {
                let current = scalars[index]
                if current == "\\" && quote == "\"" {
                    if scalar(at: index + 1) == "\n" { line += 1 }
                    index += 2
                    continue
                }
                if current == "\n" {
                    guard multiLine else { return }  // unterminated: the parser reports it
                    line += 1
                }
                if current == quote && (!multiLine || (scalar(at: index + 1) == quote && scalar(at: index + 2) == quote)) {
                    index += multiLine ? 3 : 1
                    return
                }
                index += 1
            }
        }

        /// Keys, numbers (`+1_000.5e-3`, `0x1F`, `inf`), booleans, `=`, dotted keys, the
        /// closing `]` of a header and inline tables.
        private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
            isBareKeyCharacter(scalar) || "=.]{},+".unicodeScalars.contains(scalar)
        }

        private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            ("0"..."9").contains(scalar)
        }

        private static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar) || scalar == "_" || scalar == "-"
        }

        /// `'x'` for printable ASCII, `U+0000` otherwise: the message goes to a terminal.
        private static func describe(_ scalar: Unicode.Scalar) -> String {
            (0x21..<0x7F).contains(scalar.value) ? "'\(scalar)'" : "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
