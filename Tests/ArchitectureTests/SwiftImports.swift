import Foundation

/// The modules a Swift file imports, read from its `import` lines.
///
/// Every form counts: `@testable import X`, `@preconcurrency import X`, `package import X`,
/// `import struct X.Y`, and imports under `#if canImport(X)` (the rule holds on every
/// platform). Lines inside a multi-line string literal are not code and do not count.
enum SwiftImports {
    private static let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    /// How a line that imports can start: `import`, an attribute or an access level.
    private static let firstBytes: Set<UInt8> = [UInt8(ascii: "i"), UInt8(ascii: "@"), UInt8(ascii: "p"), UInt8(ascii: "f")]

    /// The modules `source` imports, each with the line (1-based) of its first import.
    ///
    /// Lines are found in the bytes, and only one that may import becomes text: splitting the
    /// package's 50,000 lines into Characters (or matching a Regex on each) took most of a
    /// second in a debug build.
    static func modules(in source: String) -> [(module: String, line: Int)] {
        var source = source
        return source.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var found: [(module: String, line: Int)] = []
            var inMultilineString = false
            var lineNumber = 1, start = 0
            while start <= bytes.count {
                let end: Int
                if let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                    end = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - base
                } else {
                    end = bytes.count
                }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !inMultilineString, let first = line.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
                   firstBytes.contains(first), mentionsImport(line), let module = importedModule(Substring(decoding: line, as: UTF8.self)),
                   !found.contains(where: { $0.module == module }) {
                    found.append((module, lineNumber))
                }
                if memchr(line.baseAddress ?? base, Int32(UInt8(ascii: "\"")), line.count) != nil, tripleQuotes(in: line) % 2 == 1 {
                    inMultilineString.toggle()
                }
                lineNumber += 1
                start = end + 1
            }
            return found
        }
    }

    /// Whether `line` holds the bytes of `import` (C's byte search: most lines do not).
    private static func mentionsImport(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = line.baseAddress else { return false }
        let word = Array("import".utf8)
        var from = 0
        while from + word.count <= line.count,
              let hit = memchr(base + from, Int32(word[0]), line.count - from - word.count + 1) {
            let at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + at, word, word.count) == 0 { return true }
            from = at + 1
        }
        return false
    }

    /// How many `\"\"\"` `line` holds.
    private static func tripleQuotes(in line: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, run = 0
        for byte in line {
            run = byte == UInt8(ascii: "\"") ? run + 1 : 0
            if run == 3 { count += 1; run = 0 }
        }
        return count
    }

    /// The module `line` imports, if it is an import: attributes (`@testable`), an access
    /// level, `import`, a declaration kind (`import struct`), then the module.
    private static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        if let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let first = words.first, declarationKinds.contains(first) { words = words.dropFirst() }
        guard let path = words.first, let module = path.split(separator: ".").first,
              module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(module)
    }
}
