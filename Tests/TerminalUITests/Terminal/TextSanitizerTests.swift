import Testing
@testable import TerminalUI

struct TextSanitizerTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("red \u{1B}[31mtext\u{1B}[0m", "red text"),                            // CSI SGR
        ("a\u{1B}[2J\u{1B}[1;1Hb", "ab"),                                         // CSI clear, move
        ("a\u{1B}[?1049hb", "ab"),                                                // private CSI
        ("a\u{1B}]0;pwned title\u{07}b", "ab"),                                   // OSC ended by BEL
        ("a\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),      // OSC 8 hyperlink, ST
        ("a\u{1B}P1$qm\u{1B}\\b", "ab"),                                          // DCS
        ("a\u{1B}_apc payload\u{1B}\\b", "ab"),                                   // APC
        ("a\u{1B}^pm payload\u{1B}\\b", "ab"),                                    // PM
        ("a\u{1B}Xsos payload\u{1B}\\b", "ab"),                                   // SOS
        ("a\u{1B}cb", "ab"),                                                      // RIS (two-char)
        ("a\u{1B}(Bb", "ab"),                                                     // charset designation
        ("a\u{9B}31mb", "ab"),                                                    // 8-bit CSI
        ("a\u{9D}0;title\u{9C}b", "ab"),                                          // 8-bit OSC + ST
        ("a\u{90}dcs\u{9C}b", "ab"),                                              // 8-bit DCS
        ("a\u{85}\u{8D}b", "ab"),                                                 // other C1
        ("a\u{00}\u{07}\u{08}\u{0B}\u{0C}\u{7F}b", "ab"),                         // C0 and DEL
        ("keep\ttab\nand newline", "keep\ttab\nand newline"),
        ("dos\r\nline", "dos\nline"),
        ("old\rmac", "old\nmac"),
        ("a\u{202E}evil\u{202C}b", "aevilb"),                                     // bidi override
        ("a\u{2066}x\u{2069}\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}b", "axb"),   // isolates, embeddings
        ("mark\u{200F}kept\u{200E}", "mark\u{200F}kept\u{200E}"),                 // directional marks stay
        ("中文 😀 مرحبا", "中文 😀 مرحبا"),
        ("unterminated \u{1B}]0;title", "unterminated "),                         // swallows the rest
        ("esc at end\u{1B}", "esc at end"),
    ])
    func sanitizes(input: String, expected: String) {
        #expect(TextSanitizer.sanitize(input) == expected)
    }

    @Test func invalidUTF8IsRepaired() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x82]
        #expect(TextSanitizer.sanitize(bytes: bytes) == "a\u{FFFD}b\u{FFFD}(\u{FFFD}")
    }

    @Test func aHostileMixLeavesOnlyText() {
        var bytes: [UInt8] = Array("Hi ".utf8)
        bytes += Array("\u{1B}[31;1m\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}P+q544e\u{1B}\\".utf8)
        bytes += [0xC2, 0x9B] + Array("2J".utf8)            // UTF-8 encoded U+009B CSI
        bytes += [0xC2, 0x9D] + Array("0;x".utf8) + [0xC2, 0x9C]
        bytes += Array("\u{202E}there\u{2066}\r\n\u{08}\u{7F}".utf8)
        bytes += [0xFE, 0x80]                                // invalid UTF-8
        bytes += Array("\u{1B}_k\u{1B}\\end".utf8)
        let clean = TextSanitizer.sanitize(bytes: bytes)
        #expect(clean == "Hi there\n\u{FFFD}\u{FFFD}end")
        #expect(!clean.unicodeScalars.contains { TextSanitizer.isForbidden($0) && $0 != "\n" })
    }

    @Test func singleLineCollapsesWhitespace() {
        #expect(TextSanitizer.singleLine("  first\nsecond\t\tthird \r\n ") == "first second third")
        #expect(TextSanitizer.singleLine("\u{1B}[1mbold\u{1B}[0m  text") == "bold text")
        #expect(TextSanitizer.singleLine("") == "")
    }

    /// `singleLine` sanitises and collapses in one pass (and skips plain ASCII): the same
    /// answer as the two passes it replaced, over generated hostile strings (fixed seed).
    @Test func singleLineIsSanitizeThenCollapse() {
        func reference(_ s: String) -> String {
            var output = ""
            var pendingSpace = false
            for scalar in TextSanitizer.sanitize(s).unicodeScalars {
                if scalar.properties.isWhitespace {
                    pendingSpace = !output.isEmpty
                    continue
                }
                if pendingSpace { output += " " }
                pendingSpace = false
                output.unicodeScalars.append(scalar)
            }
            return output
        }
        var random = SeededGenerator(seed: 0x51_4E61)
        let alphabet = ["a", "Z", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{A0}", "\u{2028}", "\u{3000}", "中", "👨‍👩‍👧",
                        "e\u{301}", "\u{1B}[31m", "\u{1B}]0;x\u{07}", "\u{9B}1m", "\u{202E}", "\u{7F}", "\u{85}", "~", "."]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
            #expect(TextSanitizer.singleLine(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func isLinearOnLargeHostileInput() {
        let chunk = "x\u{1B}[1;2;3;4mY\u{9B}z"
        let big = String(repeating: chunk, count: 20_000)
        #expect(TextSanitizer.sanitize(big) == String(repeating: "xY", count: 20_000))
    }
}
