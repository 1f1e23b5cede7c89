import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment count [POST]`: how many comments of each status (from `X-WP-Total`, one
/// small request per status and type, so it costs the same on a site of any size). By default
/// comments and pings, as wp-admin counts them (`--type` narrows it); never notes. The table
/// is wp-cli's, line for line (`wp_count_comments`); `--format` json, csv and yaml are
/// parley's own, with its names (`hold`, and `total` of every status).
struct CountCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "count", abstract: "Count comments by status.")

    @Argument(help: ArgumentHelp("Only comments on this post (wp-cli's form of --post).", valueName: "post-id"))
    var postID: Int?

    @Option(help: ArgumentHelp("Only comments on this post.", valueName: "id"))
    var post: Int?

    @Option(help: "comment, pingback, trackback, pings (both) or all (every type but the block editor's notes).")
    var type: TypeFilter = .all

    @Option(help: "table (wp-cli's lines: approved, spam, trash, post-trashed, all, moderated, total_comments), json, csv or yaml.")
    var format: OutputFormat = .table

    @OptionGroup var target: TargetOptions

    func validate() throws {
        guard ![.ids, .count].contains(format) else { throw ValidationError("--format for count is table, json, csv or yaml.") }
    }

    /// The statuses in the order printed (then `all`, approved and held, and `total`, every status).
    static let statuses: [CommentStatus] = [.approved, .hold, .spam, .trash]

    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let site = try await CommandSite.open(target, environment: environment)
        let post = self.post ?? postID
        var counts: [CommentStatus: Int] = [:]
        var postTrashed = 0
        for value in type.restTypes {
            for status in Self.statuses {
                counts[status, default: 0] += try await site.client.count(CommentListRequest(post: post, statuses: [status], type: value))
            }
            if format == .table {
                var request = CommentListRequest(post: post, type: value)
                request.storedStatus = "post-trashed"
                postTrashed += try await site.client.count(request)
            }
        }
        if format == .table {
            io.out(Self.wpCLILines(counts, postTrashed: postTrashed))
            return .success
        }
        var names = Self.statuses.map(\.rawValue)
        var values = Self.statuses.map { counts[$0] ?? 0 }
        let all = (counts[.approved] ?? 0) + (counts[.hold] ?? 0)
        names += ["all", "total"]
        values += [all, values.reduce(0, +)]
        let printer = RecordPrinter(names: names, rows: [values.map { RecordPrinter.Value(text: String($0), json: $0) }])
        io.out(format == .csv ? printer.csv() : format == .json ? printer.json(single: true) : printer.yaml(single: true))
        return .success
    }

    /// `wp comment count` as wp-cli prints it: `wp_count_comments()`'s keys in its order, each
    /// name and colon padded to 17 columns. `all` is approved and held, `total_comments` those
    /// and the spam (WordPress counts neither the trash nor comments on trashed posts in it).
    static func wpCLILines(_ counts: [CommentStatus: Int], postTrashed: Int) -> String {
        let (approved, held, spam) = (counts[.approved] ?? 0, counts[.hold] ?? 0, counts[.spam] ?? 0)
        let lines: [(String, Int)] = [
            ("approved", approved), ("spam", spam), ("trash", counts[.trash] ?? 0), ("post-trashed", postTrashed),
            ("all", approved + held), ("moderated", held), ("total_comments", approved + held + spam),
        ]
        return lines.map { ($0 + ":").padding(toLength: 17, withPad: " ", startingAt: 0) + "\($1)\n" }.joined()
    }
}
