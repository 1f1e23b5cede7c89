import Foundation

/// The checkout these tests read: its root, found from this file's place in it.
enum Repository {
    /// The directory holding `Package.swift` (this file is `Tests/ArchitectureTests/Repository.swift`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the file at `path`, relative to the root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Whether `path`, relative to the root, exists (a file or a directory).
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// Every file under `directory` (relative to the root) whose name ends with `suffix`,
    /// as paths relative to the root, sorted.
    static func files(under directory: String, endingWith suffix: String) -> [String] {
        let base = root.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return walker.compactMap { ($0 as? URL)?.standardizedFileURL.path }
            .filter { $0.hasSuffix(suffix) && $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)) }
            .sorted()
    }
}
