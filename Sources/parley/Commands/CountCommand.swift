import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment count`: how many comments of each status (from `X-WP-Total`, one small
/// request per status and type, so it costs the same on a site of any size). By default
/// comments and pings, as wp-admin counts them (`--type` narrows it); never notes.
struct CountCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "count", abstract: "Count comments by status.")

    @Option(help: ArgumentHelp("Only comments on this post.", valueName: "id"))
    var post: Int?

    @Option(help: "comment, pingback, trackback, pings (both) or all (every type but the block editor's notes).")
    var type: TypeFilter = .all

    @Option(help: "table (one status a line), json, csv or yaml.")
    var format: OutputFormat = .table

    @OptionGroup var target: TargetOptions

    func validate() throws {
        guard ![.ids, .count].contains(format) else { throw ValidationError("--format for count is table, json, csv or yaml.") }
    }

    /// The statuses in the order printed (then `all`, approved and held, and `total`, every status).
    static let statuses: [CommentStatus] = [.approved, .hold, .spam, .trash]

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let site = try await CommandSite.open(target, environment: environment)
        var counts: [CommentStatus: Int] = [:]
        for value in type.restTypes {
            for status in Self.statuses {
                counts[status, default: 0] += try await site.client.count(CommentListRequest(post: post, statuses: [status], type: value))
            }
        }
        var names = Self.statuses.map(\.rawValue)
        var values = Self.statuses.map { counts[$0] ?? 0 }
        let all = (counts[.approved] ?? 0) + (counts[.hold] ?? 0)
        names += ["all", "total"]
        values += [all, values.reduce(0, +)]
        switch format {
        case .table:
            let width = (names.map(\.count).max() ?? 0) + 1
            io.out(zip(names, values).map { ($0 + ":").padding(toLength: width + 1, withPad: " ", startingAt: 0) + "\($1)\n" }.joined())
        default:
            let printer = RecordPrinter(names: names, rows: [values.map { RecordPrinter.Value(text: String($0), json: $0) }])
            io.out(format == .csv ? printer.csv() : format == .json ? printer.json(single: true) : printer.yaml(single: true))
        }
        return .success
    }
}
