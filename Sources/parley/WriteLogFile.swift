import Foundation
import CommentsKit

/// parley's write log (issue 27, "who did what"): `writes.jsonl` in the state directory
/// (`$XDG_STATE_HOME/parley`), one ``WriteRecord`` a line as JSON, appended by every run —
/// the terminal interface's writes (through ``WriteJournal``) and `parley comment`'s — and
/// printed by `parley log`.
///
/// A line that cannot be read (cut short by a crash, edited by hand, written by a later
/// parley) is skipped, and said once as a warning; it never stops the rest. The file is
/// bounded: past ``rotationSize`` bytes it becomes `writes.jsonl.1` (replacing the one
/// before) and a new one starts, so between one and two rotations' worth of history is kept.
final class WriteLogFile: WriteJournal, @unchecked Sendable {
    /// Where the log is.
    let url: URL
    /// The size past which the log is rotated.
    let rotationSize: Int
    /// Says what went wrong with the file (the app's log, or stderr for a command).
    private let warn: @Sendable (String) -> Void
    // One append at a time in this process; each append is one `write` to a file opened
    // with O_APPEND, so the lines of several parleys at once do not mix either.
    private let lock = NSLock()
    /// Whether a failed append was said already: a batch of 200 writes to a log that
    /// cannot be written says so once, not 200 times. Guarded by `lock`.
    private var failureSaid = false

    /// 4 MB: some 16,000 records (15,765 of 254 bytes), months of one moderator's work.
    /// Reading a full one takes 0.5 s in a debug build (`parley log --format count`,
    /// process start included); the terminal interface reads it at start off the main actor.
    static let defaultRotationSize = 4_000_000

    /// The log at `url`, warning through `warn`.
    init(url: URL, rotationSize: Int = WriteLogFile.defaultRotationSize, warn: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.rotationSize = rotationSize
        self.warn = warn
    }

    /// The log in the state directory of `environment`.
    static func standard(environment: [String: String], warn: @escaping @Sendable (String) -> Void) -> WriteLogFile {
        WriteLogFile(url: StateDirectory.url(environment: environment).appendingPathComponent("writes.jsonl"), warn: warn)
    }

    /// The rotated log, older than ``url``'s.
    var previousURL: URL { URL(fileURLWithPath: url.path + ".1") }

    // MARK: Writing

    func record(_ entry: WriteRecord) async {
        append(entry)
    }

    /// Appends `entry` as one line, creating the file (and its directory) private to the
    /// user; a failure is warned about, never thrown: the write it records is done.
    func append(_ entry: WriteRecord) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entry) else { return warn("A write could not be logged: it could not be encoded.") }
        let line = data + Data("\n".utf8)
        lock.withLock {
            func failed(_ problem: String) {
                guard !failureSaid else { return }
                failureSaid = true
                warn("Writes cannot be logged: \(problem).")
            }
            if let problem = StateDirectory.prepare(url.deletingLastPathComponent()) { return failed(problem) }
            let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return failed("cannot open \(url.path) (\(Self.errnoText()))") }
            defer { close(descriptor) }
            let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == line.count else { return failed("writing \(url.path) failed (\(Self.errnoText()))") }
            var info = stat()
            if fstat(descriptor, &info) == 0, Int(info.st_size) > rotationSize {
                // Another parley appending at this moment opened the file already: its line
                // lands in the rotated file, which is read too.
                if rename(url.path, previousURL.path) != 0 { warn("The write log could not be rotated: \(Self.errnoText()).") }
            }
        }
    }

    // MARK: Reading

    /// What the log holds: its records, oldest first (the rotated file's, then the
    /// current's, each sorted by time), and a warning about the lines skipped, if any.
    struct Contents {
        var records: [WriteRecord] = []
        var warning: String?
    }

    /// Reads both files. Missing files are an empty log; one that cannot be read is a warning.
    func read() -> Contents {
        var contents = Contents()
        var skipped: [String] = []
        var problems: [String] = []
        let decoder = JSONDecoder()
        for file in [previousURL, url] {
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            guard let data = FileManager.default.contents(atPath: file.path) else {
                problems.append("cannot read \(file.path)")
                continue
            }
            var number = 0
            for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
                if let record = try? decoder.decode(WriteRecord.self, from: Data(line)) {
                    contents.records.append(record)
                } else {
                    skipped.append("\(file.lastPathComponent):\(number)")
                }
            }
        }
        // Appends from effects and from several parleys may land a little out of order.
        contents.records = contents.records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        if !skipped.isEmpty {
            let shown = skipped.prefix(3).joined(separator: ", ") + (skipped.count > 3 ? ", …" : "")
            problems.append("skipped \(skipped.count) unreadable line\(skipped.count == 1 ? "" : "s") of the write log (\(shown))")
        }
        contents.warning = problems.isEmpty ? nil : problems.joined(separator: "; ") + "."
        return contents
    }

    func records(site: SiteID) async throws -> [WriteRecord] {
        let contents = read()
        if let warning = contents.warning { warn(warning.prefix(1).uppercased() + warning.dropFirst()) }
        return contents.records.filter { $0.site == site }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
