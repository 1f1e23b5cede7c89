import Foundation
import ArgumentParser
import CommentsKit

/// `parley log`: the write log (``WriteLogFile``), who did what to which comment.
///
/// Oldest first, newest last, as `journalctl`, `history` and a log file read with `tail`
/// print theirs: parley pages nothing, so the last lines, the ones still on the screen above
/// the prompt, are the latest writes. (`git log` puts the newest first because it opens a
/// pager at the top.) `--newest-first` turns it round; `--limit` keeps the latest n.
struct LogCommand: ParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Print the log of the writes parley made (who did what).",
        discussion: """
            Every write parley makes — from its screen or from parley comment — is logged in \
            $XDG_STATE_HOME/parley/writes.jsonl (default ~/.local/state/parley), one JSON \
            object a line: when, the site, the comment, the user, the change (before → after), \
            how it ended, and what it was confirmed over when someone else had changed the \
            comment. Changes parley saw made outside it are logged too. Oldest first; times in UTC.
            """
    )

    @Option(help: ArgumentHelp("Only this site: its name, or part of its address.", valueName: "name|url"))
    var site: String?

    @Option(help: ArgumentHelp("Only this comment (a reply's record is under the comment it answers).", valueName: "id"))
    var comment: Int?

    @Option(help: ArgumentHelp("Only writes at or after this moment (UTC): 2026-11-01 or 2026-11-01T08:30:00.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only writes before this moment (UTC).", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("At most this many records: the latest.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Newest first.")
    var newestFirst = false

    @Option(help: "table, json, csv, yaml or count.")
    var format: OutputFormat = .table

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let comment, comment < 1 { throw ValidationError("--comment must be a comment id (1 or more).") }
        if format == .ids { throw ValidationError("--format ids lists comments; parley log prints records: table, json, csv, yaml or count.") }
    }

    func run() throws {
        let command = self
        CommandRunner.run { io in try await command.execute(io: io, environment: ProcessInfo.processInfo.environment) }
    }

    /// Reads the log and prints what the options select; tests call it with their own I/O.
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let log = WriteLogFile.standard(environment: environment) { io.error("parley: warning: \($0)") }
        let contents = log.read()
        if let warning = contents.warning { io.error("parley: warning: \(warning.prefix(1).uppercased() + warning.dropFirst())") }
        var records = try filtered(contents.records)
        if let limit { records = Array(records.suffix(limit)) }
        if newestFirst { records.reverse() }
        if contents.records.isEmpty, format == .table { io.error("No writes logged yet (\(log.url.path)).") }
        // A table of nothing is nothing, not a header: scripts test for empty output.
        guard !records.isEmpty || ![.table, .csv].contains(format) else { return .success }
        io.out(Self.render(records, format: format, width: io.terminalWidth))
        return .success
    }

    /// The records these options select, oldest first.
    func filtered(_ records: [WriteRecord]) throws -> [WriteRecord] {
        let since = try since.map { try DateArgument.parse($0, option: "--since") }
        let until = try until.map { try DateArgument.parse($0, option: "--until") }
        let site = site?.lowercased()
        return records.filter { record in
            if let site, record.siteName.lowercased() != site, !record.site.lowercased().contains(site) { return false }
            if let comment, record.comment != comment { return false }
            if let since, record.time < since { return false }
            if let until, record.time >= until { return false }
            return true
        }
    }

    /// The columns of `table`, `csv` and `yaml`.
    static let columns = ["time", "site", "comment", "by", "change", "outcome"]

    /// `records` in `format`. JSON is the log's own form, one array of its objects.
    static func render(_ records: [WriteRecord], format: OutputFormat, width: Int?) -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(records) else { return "[]\n" }
            return String(decoding: data, as: UTF8.self) + "\n"
        case .count:
            return "\(records.count)\n"
        case .table, .csv, .yaml, .ids:
            let printer = RecordPrinter(names: columns, rows: records.map(row))
            switch format {
            case .csv: return printer.csv()
            case .yaml: return printer.yaml()
            default: return printer.table(width: width)
            }
        }
    }

    /// One record's values: "2026-11-28 09:16:03", the site's name, 12, "admin",
    /// "approved (was pending)", "done" or "failed: …" (and what it was confirmed over).
    private static func row(_ record: WriteRecord) -> [RecordPrinter.Value] {
        let who = record.actor == .outside ? "outside" : (record.user ?? "parley")
        var outcome: String = switch record.outcome {
        case .done: "done"
        case .failed(let problem): "failed: \(problem)"
        }
        if let overrode = record.overrode { outcome += " (confirmed over: \(overrode))" }
        let time = record.time.formatted(Date.ISO8601FormatStyle(dateTimeSeparator: .space))
        return [
            RecordPrinter.Value(text: String(time.dropLast()), json: time),
            RecordPrinter.Value(text: record.siteName.isEmpty ? record.site : record.siteName, json: record.site),
            RecordPrinter.Value(text: String(record.comment), json: record.comment),
            RecordPrinter.Value(text: who, json: who),
            RecordPrinter.Value(text: record.changeDescription, json: record.changeDescription),
            RecordPrinter.Value(text: outcome, json: outcome),
        ]
    }
}
