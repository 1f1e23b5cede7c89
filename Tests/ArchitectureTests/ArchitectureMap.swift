import Foundation

/// ARCHITECTURE.md read as data: its module table, the modules every module may import, and
/// its file-by-file traces. The page is the rule; the tests hold the code and the manifest to it.
struct ArchitectureMap {
    /// One row of the module table.
    struct Module {
        /// The module (the target's name in `Package.swift`).
        let name: String
        /// "product", "library", "executable", "system library" or "test".
        let kind: String
        /// The modules it may import beyond the platform's.
        let mayImport: Set<String>
    }

    /// A page the reader does not understand.
    struct Unreadable: Error, CustomStringConvertible {
        /// What was not understood, in words.
        let description: String
    }

    /// The rows of the module table, by module.
    let modules: [String: Module]
    /// What every module may import: the platform's modules.
    let platform: Set<String>
    /// Modules that come with the toolchain, for the rows that name them: `Package.swift`
    /// has nothing to declare for them.
    let toolchain: Set<String>
    private let lines: [Substring]

    /// Reads the page `markdown`.
    init(markdown: String) throws(Unreadable) {
        lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let section = Self.section("Modules", of: lines)
        guard let platformLine = section.first(where: { $0.contains("Every module may import the platform:") }) else {
            throw Unreadable(description: "no line \"Every module may import the platform: …\" under \"## Modules\"")
        }
        platform = Set(Self.codeSpans(platformLine))
        toolchain = Set(section.first { $0.hasPrefix("From the toolchain") }.map(Self.codeSpans) ?? [])
        var modules: [String: Module] = [:]
        for line in section where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, !cells[0].allSatisfy({ $0 == "-" }), cells[0] != "module" else { continue }
            guard let name = Self.codeSpans(cells[0]).first else {
                throw Unreadable(description: "a row of the module table without a `module`: \(line)")
            }
            guard modules[name] == nil else { throw Unreadable(description: "two rows for \(name)") }
            modules[name] = Module(name: name, kind: cells[1], mayImport: Set(Self.codeSpans(cells[3])))
        }
        guard !modules.isEmpty else { throw Unreadable(description: "no module table under \"## Modules\"") }
        self.modules = modules
    }

    /// The numbered steps under the heading that starts with `heading`, each with its
    /// continuation lines.
    func steps(under heading: String) -> [String] {
        var steps: [String] = []
        for line in Self.section(heading, of: lines) {
            if line.prefixMatch(of: #/\d+\. /#) != nil {
                steps.append(String(line))
            } else if line.hasPrefix("   "), !steps.isEmpty {
                steps[steps.count - 1] += "\n" + line
            }
        }
        return steps
    }

    /// The files the page names: the code spans that are paths from the top of the
    /// repository, or names of Swift files, Markdown pages and DocC catalogs.
    var namedFiles: Set<String> {
        Set(lines.flatMap(Self.codeSpans).filter(Self.isFileName))
    }

    /// Whether `span` names a file or directory of the repository.
    static func isFileName(_ span: String) -> Bool {
        let topLevel = ["Sources/", "Tests/", "Fuzz/", "Benchmarks/", "Resources/"]
        let extensions = [".swift", ".md", ".docc"]
        return !span.contains(" ")
            && (topLevel.contains(where: span.hasPrefix) || extensions.contains(where: span.hasSuffix))
    }

    /// The text inside each pair of backticks of `text`.
    static func codeSpans(_ text: some StringProtocol) -> [String] {
        String(text).matches(of: #/`(?<span>[^`]+)`/#).map { String($0.output.span) }
    }

    /// The lines under the `## ` or `### ` heading that starts with `heading`, up to the next
    /// heading of its level or above.
    private static func section(_ heading: String, of lines: [Substring]) -> ArraySlice<Substring> {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## \(heading)") || $0.hasPrefix("### \(heading)") }) else {
            return []
        }
        let level = lines[start].prefix { $0 == "#" }.count
        let end = lines[(start + 1)...].firstIndex {
            let hashes = $0.prefix { $0 == "#" }.count
            return hashes > 0 && hashes <= level && $0.dropFirst(hashes).hasPrefix(" ")
        } ?? lines.endIndex
        return lines[(start + 1)..<end]
    }
}
