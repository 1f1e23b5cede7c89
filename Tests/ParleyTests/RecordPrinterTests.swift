import Testing
@testable import parley

/// The output formats of `parley comment`: safe for a terminal, parseable by scripts.
@Suite struct RecordPrinterTests {
    func value(_ text: String) -> RecordPrinter.Value { RecordPrinter.Value(text: text, json: text) }
    func number(_ n: Int) -> RecordPrinter.Value { RecordPrinter.Value(text: String(n), json: n) }

    var printer: RecordPrinter {
        RecordPrinter(names: ["id", "author_name", "content"], rows: [
            [number(12), value("Ann \u{1B}]0;pwned\u{07}"), value("Hello, \"world\"\nsecond line")],
            [number(3), value("李伟"), value("\u{202E}gpj.exe")],
        ])
    }

    @Test func aTableForAPipeIsTabSeparatedWithNoControlCharacters() {
        #expect(printer.table(width: nil) == "id\tauthor_name\tcontent\n12\tAnn  ]0;pwned \tHello, \"world\" second line\n3\t李伟\tgpj.exe\n")
    }

    @Test func aTableForATerminalFitsItsWidthInColumns() {
        let text = printer.table(width: 30)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines { #expect(TextCleaning.width(line) <= 30) }
        #expect(lines[1].hasPrefix("12  "))
        #expect(lines[1].contains("…"))
        // Wide characters count two columns: the third column starts at the same place.
        #expect(lines[2].hasPrefix("3   李伟"))
    }

    @Test func csvQuotesWhatNeedsIt() {
        #expect(printer.csv() == "id,author_name,content\n12,Ann  ]0;pwned ,\"Hello, \"\"world\"\" second line\"\n3,李伟,gpj.exe\n")
    }

    @Test func jsonKeepsNumbersAndEscapesControls() {
        #expect(printer.json() == #"[{"author_name":"Ann \u001b]0;pwned\u0007","content":"Hello, \"world\"\nsecond line","id":12},{"author_name":"李伟","content":"\u{202E}gpj.exe","id":3}]"#.replacingOccurrences(of: "\\u{202E}", with: "\u{202E}") + "\n")
    }

    @Test func yamlQuotesEveryStringAndEscapesControls() {
        #expect(printer.yaml() == """
            - id: 12
              author_name: "Ann \\u001B]0;pwned\\u0007"
              content: "Hello, \\"world\\"\\nsecond line"
            - id: 3
              author_name: "李伟"
              content: "\\u202Egpj.exe"

            """)
    }
}
