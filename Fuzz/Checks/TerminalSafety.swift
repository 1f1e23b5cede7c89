/// What "safe to put on a terminal" means, written out here rather than borrowed from
/// `TextSanitizer`, so a check cannot agree with the code it checks by sharing its mistake.
enum TerminalSafety {
    /// The first scalar that must never survive sanitising (ESC, C0 other than `\n` and
    /// `\t`, DEL, C1, bidi embeddings/overrides/isolates), if any.
    static func firstUnsafeScalar(in text: String, allowing allowed: Set<Unicode.Scalar> = ["\n", "\t"]) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            return (isControl || isBidi) && !allowed.contains(scalar)
        }
    }

    /// Throws when `text` holds a scalar no terminal may receive from parley.
    static func requireSafe(_ text: String, _ what: String, allowing allowed: Set<Unicode.Scalar> = ["\n", "\t"]) throws(FuzzViolation) {
        if let scalar = firstUnsafeScalar(in: text, allowing: allowed) {
            throw FuzzViolation("\(what) holds U+\(String(scalar.value, radix: 16, uppercase: true)): \(text.debugDescription)")
        }
        // Swift strings are valid UTF-8 by construction; this re-reads the bytes to prove it.
        try require(String(validating: Array(text.utf8), as: UTF8.self) != nil, "\(what) is not valid UTF-8")
    }

    /// Short, printable form of a value for a violation message.
    static func show(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(80).map { $0.escaped(asASCII: true) }.joined()
        return "\"" + shown + (text.unicodeScalars.count > 80 ? "…" : "") + "\""
    }
}
