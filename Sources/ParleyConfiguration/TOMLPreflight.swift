/// Finds, before TOMLKit sees a file, the malformed TOML that makes the parser it wraps
/// (toml++ 3) fail its own assertions instead of reporting an error: in a debug build
/// that aborts parley, in a release build the assertion becomes an optimiser assumption
/// (undefined behaviour). Found by the `config` fuzz target (Fuzz/Crashes/config):
///
/// - a table header whose name does not start right after `[` / `[[` (and blanks) with a
///   key character or a quote: `[` then a newline, `[(site]`, `[=`;
/// - a date and time with no digit after its `T`: `1979-05-27T` then anything else;
/// - a `}` where an array expects a value, right after its `[` or a comma: `[1, }`.
///
/// Neither can be part of a configuration parley accepts, so rejecting them costs nothing.
/// Strings and comments are skipped: their content is text, not TOML.
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
        /// The last scalar outside blanks, line breaks, comments and strings (a string
        /// counts as a quote).
        var lastSignificant: Unicode.Scalar?

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
                    lastSignificant = scalar
                    skipString(quote: scalar)
                case "[" where atLineStart:
                    atLineStart = false
                    lastSignificant = "]"  // what follows is a header's name, not a value
                    if !headerNameFollows() { return (line, "a table header needs a name right after [") }
                case "}" where lastSignificant == "[" || lastSignificant == ",":
                    return (line, "a } where a value should be")
                default:
                    atLineStart = false
                    lastSignificant = scalar
                    if isDateNeedingTime() { return (line, "a date and time needs digits right after its T") }
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
            return isBareKeyCharacter(next) || next == "\"" || next == "'" || next == "]"
        }

        /// At a digit: is it `dddd-dd-dd` followed by `T`/`t` and no digit?
        private func isDateNeedingTime() -> Bool {
            let shape = "dddd-dd-dd"
            guard index + shape.count < scalars.count else { return false }
            for (offset, expected) in shape.unicodeScalars.enumerated() {
                let actual = scalars[index + offset]
                if expected == "d" ? !isDigit(actual) : actual != expected { return false }
            }
            let separator = scalars[index + shape.count]
            guard separator == "T" || separator == "t" else { return false }
            return scalar(at: index + shape.count + 1).map(isDigit) != true
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

        private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            ("0"..."9").contains(scalar)
        }

        private func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar) || scalar == "_" || scalar == "-"
        }
    }
}
