import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment get ID`: one comment, every field (or `--field`, just its value).
struct GetCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Show one comment.")

    @Argument(help: "The comment id.")
    var id: Int

    @Option(help: ArgumentHelp("Print only this field's value (wp-cli's names, as comment_approved or author, or parley's).", valueName: "field"))
    var field: String?

    @Option(help: ArgumentHelp("""
        The fields to show, comma-separated (default: wp-cli's, every field the site stores but \
        comment_karma, which the REST API does not have; spam_score too when named).
        """, valueName: "fields"))
    var fields: String?

    @Option(help: "table (field and value per line), json, csv or yaml.")
    var format: OutputFormat = .table

    @OptionGroup var target: TargetOptions

    func validate() throws {
        guard id > 0 else { throw ValidationError("A comment id is 1 or more.") }
        guard ![.ids, .count].contains(format) else { throw ValidationError("--format for get is table, json, csv or yaml.") }
    }

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await execute(io: io, environment: environment) { try await CommandSite.open(target, environment: environment) }
    }

    /// Shows the comment of the site `open` opens (tests hand their own mock).
    func execute(io: CommandIO, environment: [String: String], open: () async throws -> CommandSite) async throws -> CommandStatus {
        let field = try self.field.map(CommentField.named)
        let columns = try fields.map(CommentField.parseList) ?? CommentField.stored
        let site = try await open()
        let comment = try await site.client.comment(id: id, context: site.canEdit ? .edit : .view)
        // The spam score is learned from the site's history: only when asked for, never of a note.
        let wantsScore = field == .spamScore || (field == nil && columns.contains(.spamScore))
        if wantsScore, comment.commentType == .note {
            io.error("Error: \(NoteGuard.refusal(id))")
            return .someFailed
        }
        var values = FieldValues()
        values.score = wantsScore
            ? try await SpamScoring.learn(site, io: io, environment: environment).scores(of: [comment])[comment.id] : nil
        if (field.map { [$0] } ?? columns).contains(.commentDate) { values.timeZone = try await site.client.siteTimeZone() }
        if let field {
            let text = field.text(of: comment, values: values)
            io.out((io.terminalWidth == nil ? text : TextCleaning.oneLine(text)) + "\n")
            return .success
        }
        if format == .table {
            // wp-cli's get: one line per field.
            let printer = RecordPrinter(names: ["Field", "Value"], rows: columns.map {
                [RecordPrinter.Value(text: $0.rawValue, json: $0.rawValue),
                 RecordPrinter.Value(text: $0.text(of: comment, values: values), json: $0.text(of: comment, values: values))]
            })
            io.out(printer.table(width: io.terminalWidth))
        } else {
            io.out(CommentOutput.render([comment], fields: columns, format: format, width: io.terminalWidth, single: true,
                                        values: values, spamScores: values.score.map { [comment.id: $0] } ?? [:]))
        }
        return .success
    }
}
