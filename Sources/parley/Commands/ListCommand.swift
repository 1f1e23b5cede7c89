import Foundation
import ArgumentParser
import CommentsKit
import SpamScore

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

    @Option(help: ArgumentHelp("At most this many comments (the first in the order).", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("""
        date (the default) or spam_score: the most likely spam first, by the score learned from \
        the site's history (comment explain ID says why).
        """, valueName: "key"))
    var orderby: ListOrderKey = .date

    @Option(help: """
        desc (the default: newest first, or the most likely spam first) or asc, which flips \
        either: oldest first, or the most likely real first (to rescue people from the spam).
        """)
    var order: ListOrder = .desc

    @OptionGroup var target: TargetOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let post, post < 1 { throw ValidationError("--post must be a post id (1 or more).") }
        if let parent, parent < 0 { throw ValidationError("--parent must be a comment id, or 0.") }
    }

    /// Lists and prints; throws a ``CommandFailure`` (or a site's error) when it cannot.
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await execute(io: io, environment: environment) { try await CommandSite.open(target, environment: environment) }
    }

    /// Lists the comments of the site `open` opens (tests hand their own mock) and prints them.
    func execute(io: CommandIO, environment: [String: String], open: () async throws -> CommandSite) async throws -> CommandStatus {
        let columns = try fields.map(CommentField.parseList) ?? CommentField.listDefault
        var request = try baseRequest()
        let site = try await open()
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
        // By score, every matching comment is scored before the limit keeps the first.
        let pageLimit = orderby == .spamScore ? nil : limit
        var comments: [Comment] = []
        for value in type.restTypes {
            request.type = value
            comments += try await Self.collect(request, limit: pageLimit, client: site.client)
        }
        if type.restTypes.count > 1 {
            // Each type's list came in date order: together, in date order too (ids break ties).
            comments.sort { order == .desc ? ($0.date, $0.id) > ($1.date, $1.id) : ($0.date, $0.id) < ($1.date, $1.id) }
        }
        var scores: [Int: Int] = [:]
        if columns.contains(.spamScore) || orderby == .spamScore {
            scores = try await SpamScoring.learn(site, io: io, environment: environment).scores(of: comments).mapValues(\.value)
        }
        if orderby == .spamScore { comments = Self.sorted(comments, byScores: scores, order) }
        if let limit { comments = Array(comments.prefix(limit)) }
        io.out(CommentOutput.render(comments, fields: columns, format: format, width: io.terminalWidth, spamScores: scores))
        return .success
    }

    /// `comments` by spam score, the highest first (`desc`) or the lowest; the newest first
    /// among equal scores either way.
    static func sorted(_ comments: [Comment], byScores scores: [Int: Int], _ order: ListOrder) -> [Comment] {
        comments.sorted { left, right in
            let (a, b) = (scores[left.id] ?? 0, scores[right.id] ?? 0)
            guard a == b else { return order == .desc ? a > b : a < b }
            return (left.date, left.id) > (right.date, right.id)
        }
    }

    /// The request of these options, page 1.
    func baseRequest() throws -> CommentListRequest {
        var request = CommentListRequest(post: post, parent: parent, statuses: status.statuses, search: search,
                                         perPage: orderby == .spamScore ? 100 : min(100, limit ?? 100),
                                         order: orderby == .date ? order.sortOrder : .desc)
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
    /// `spamScores`: the comments' spam scores by id, when `fields` has `spam_score`.
    static func render(_ comments: [Comment], fields: [CommentField], format: OutputFormat, width: Int?, single: Bool = false,
                       spamScores: [Int: Int] = [:]) -> String {
        let printer = RecordPrinter(names: fields.map(\.rawValue), rows: comments.map { comment in
            let score = spamScores[comment.id]
            return fields.map { RecordPrinter.Value(text: $0.text(of: comment, score: score), json: $0.jsonValue(of: comment, score: score)) }
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
