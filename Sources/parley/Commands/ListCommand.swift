import Foundation
import ArgumentParser
import CommentsKit

/// `parley comment list`: the comments that match, paging through the site as needed.
struct ListCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List comments.",
        discussion: "Pages through the site (100 a request) until --limit or the last comment."
    )

    @Option(help: "approved, hold, spam, trash, all (approved and hold) or any (every status).")
    var status: StatusFilter = .all

    @Option(help: "comment, pingback, trackback, pings (both) or all (every type but the block editor's notes).")
    var type: TypeFilter = .all

    @Option(help: ArgumentHelp("Only comments on this post.", valueName: "id"))
    var post: Int?

    @Option(help: ArgumentHelp("Only comments written with this e-mail address.", valueName: "address"))
    var authorEmail: String?

    @Option(help: ArgumentHelp("Only comments whose text, author name, e-mail, URL or IP contain this.", valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("Only comments written after this moment (UTC): 2026-11-01 or 2026-11-01T08:30:00.", valueName: "date"))
    var after: String?

    @Option(help: ArgumentHelp("Only comments written before this moment (UTC).", valueName: "date"))
    var before: String?

    @Option(help: ArgumentHelp("Only replies to this comment (0: top-level comments).", valueName: "id"))
    var parent: Int?

    @Option(help: ArgumentHelp("The columns, comma-separated: \(CommentField.allCases.map(\.rawValue).joined(separator: ",")).", valueName: "fields"))
    var fields: String?

    @Option(help: "table, json, csv, ids, count or yaml.")
    var format: OutputFormat = .table

    @Option(help: ArgumentHelp("At most this many comments (newest first).", valueName: "n"))
    var limit: Int?

    @OptionGroup var target: TargetOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let post, post < 1 { throw ValidationError("--post must be a post id (1 or more).") }
        if let parent, parent < 0 { throw ValidationError("--parent must be a comment id, or 0.") }
    }

    /// Lists and prints; throws a ``CommandFailure`` (or a site's error) when it cannot.
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let columns = try fields.map(CommentField.parseList) ?? CommentField.listDefault
        var request = try baseRequest()
        let site = try await CommandSite.open(target, environment: environment)
        request.context = site.canEdit ? .edit : .view
        if format == .count {
            var total = 0
            for value in type.restTypes {
                request.type = value
                total += try await site.client.count(request)
            }
            io.out("\(limit.map { min($0, total) } ?? total)\n")
            return .success
        }
        var comments: [Comment] = []
        for value in type.restTypes {
            request.type = value
            comments += try await Self.collect(request, limit: limit, client: site.client)
        }
        if type.restTypes.count > 1 {
            // Each type's list came newest first: together, newest first too (ids break ties).
            comments.sort { ($0.date, $0.id) > ($1.date, $1.id) }
            if let limit { comments = Array(comments.prefix(limit)) }
        }
        io.out(CommentOutput.render(comments, fields: columns, format: format, width: io.terminalWidth))
        return .success
    }

    /// The request of these options, page 1.
    func baseRequest() throws -> CommentListRequest {
        var request = CommentListRequest(post: post, parent: parent, statuses: status.statuses, search: search,
                                         perPage: min(100, limit ?? 100))
        request.authorEmail = authorEmail
        request.after = try after.map { try DateArgument.parse($0, option: "--after") }
        request.before = try before.map { try DateArgument.parse($0, option: "--before") }
        return request
    }

    /// Every page until `limit` or the end. A user who may not read the edit context (an
    /// author, a contributor) gets the view context instead, without `content.raw`.
    static func collect(_ first: CommentListRequest, limit: Int?, client: WordPressClient) async throws -> [Comment] {
        var request = first
        var comments: [Comment] = []
        while true {
            let result = await page(request, client)
            if case .failure(let error) = result, request.context == .edit, Self.forbidsEditContext(error) {
                request.context = .view
                continue
            }
            let page = try result.get()
            comments += page.comments
            if let limit, comments.count >= limit { return Array(comments.prefix(limit)) }
            guard request.page < page.totalPages, !page.comments.isEmpty else { return comments }
            request.page += 1
        }
    }
}

extension ListCommand {
    private static func page(_ request: CommentListRequest, _ client: WordPressClient) async -> Result<CommentPage, CommentsError> {
        do { return .success(try await client.list(request)) } catch { return .failure(error) }
    }

    /// WordPress's answer to `context=edit` from a user who may not edit comments.
    static func forbidsEditContext(_ error: CommentsError) -> Bool {
        if case .http(_, "rest_forbidden_context", _) = error { return true }
        return false
    }
}

/// Comments in a `--format`.
enum CommentOutput {
    static func render(_ comments: [Comment], fields: [CommentField], format: OutputFormat, width: Int?, single: Bool = false) -> String {
        let printer = RecordPrinter(names: fields.map(\.rawValue), rows: comments.map { comment in
            fields.map { RecordPrinter.Value(text: $0.text(of: comment), json: $0.jsonValue(of: comment)) }
        })
        switch format {
        case .table: return printer.table(width: width)
        case .json: return printer.json(single: single)
        case .csv: return printer.csv()
        case .yaml: return printer.yaml(single: single)
        case .ids: return comments.isEmpty ? "" : comments.map { String($0.id) }.joined(separator: " ") + "\n"
        case .count: return "\(comments.count)\n"
        }
    }
}
