import Testing
import Foundation
import Logging
@testable import parley

/// Issue 17, defect 3: with `PARLEY_LOG_LEVEL=debug`, `parley.log` held raw U+009B/9D/9C
/// and U+202E from the site.
struct FileLogEscapingTests {
    @Test func theLogFileHoldsNoRawControlFromAMessage() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-log-\(UUID().uuidString).log")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try FileHandle(forWritingTo: url)
        var handler = FileLogHandler(label: "parley", file: file)
        handler.logLevel = .debug
        var logger = Logger(label: "parley") { _ in handler }
        logger.logLevel = .debug
        logger.debug("author \u{9B}31m\u{9D}0;title\u{9C}\u{202E}txt.exe\nforged line")
        try file.close()
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written.contains("author <U+009B>31m<U+009D>0;title<U+009C><U+202E>txt.exe<U+000A>forged line\n"))
        #expect(written.filter { $0 == "\n" }.count == 1)
        #expect(!written.dropLast().unicodeScalars.contains { TerminalUIForbidden.isForbidden($0) })
    }
}

/// The screen's rule, written out so this test does not depend on the code it checks.
private enum TerminalUIForbidden {
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
