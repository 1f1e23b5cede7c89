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

    @Option(name: .customLong("post_id"), help: ArgumentHelp("wp-cli's name for --post.", valueName: "id"))
    var postID: Int?

    @Option(name: .customLong("comment__in"), help: ArgumentHelp("Only these comment ids, comma-separated (wp-cli's name).", valueName: "ids"))
    var commentIn: String?

    @Option(name: .customLong("comment__not_in"), help: ArgumentHelp("Never these comment ids, comma-separated (wp-cli's name).", valueName: "ids"))
    var commentNotIn: String?

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

    @Option(help: ArgumentHelp("""
        The columns, comma-separated (default: wp-cli's, \(CommentField.listDefault.map(\.rawValue).joined(separator: ","))): \
        \(CommentField.allCases.map(\.rawValue).joined(separator: ",")); wp-cli's short names too (ID, author, approved).
        """, valueName: "fields"))
    var fields: String?

    @Option(help: ArgumentHelp("Print only this field's value, one comment a line.", valueName: "field"))
    var field: String?

    @Option(help: "table, json, csv, ids, count or yaml.")
    var format: OutputFormat = .table

    @Option(help: ArgumentHelp("At most this many comments (the first in the order).", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("wp-cli's name for --limit.", valueName: "n"))
    var number: Int?

    @Option(help: ArgumentHelp("""
        date (the default), id, comment__in (the order --comment__in names them in), post, \
        parent, type (wp-cli's comment_date, comment_ID, comment_post_ID… too), or spam_score: \
        the most likely spam first, by the score learned from the site's history (comment \
        explain ID says why).
        """, valueName: "key"))
    var orderby: ListOrderKey = .date

    @Option(help: """
        desc (the default: newest first, or the most likely spam first) or asc, which flips \
        either: oldest first, or the most likely real first (to rescue people from the spam). \
        ASC and DESC too.
        """)
    var order: ListOrder = .desc

    @OptionGroup var target: TargetOptions

    func validate() throws {
        if let limit = limit ?? number, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let post = post ?? postID, post < 0 { throw ValidationError("--post must be a post id.") }
        if orderby == .include, commentIn == nil { throw ValidationError("--orderby comment__in needs --comment__in.") }
        if let parent, parent < 0 { throw ValidationError("--parent must be a comment id, or 0.") }
    }

    /// Lists and prints; throws a ``CommandFailure`` (or a site's error) when it cannot.
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await execute(io: io, environment: environment) { try await CommandSite.open(target, environment: environment) }
    }

    /// Lists the comments of the site `open` opens (tests hand their own mock) and prints them.
    func execute(io: CommandIO, environment: [String: String], open: () async throws -> CommandSite) async throws -> CommandStatus {
        let single = try field.map(CommentField.named)
        let columns = try single.map { [$0] } ?? fields.map(CommentField.parseList) ?? CommentField.listDefault
        let limit = self.limit ?? number
        var request = try baseRequest()
        // wp-cli's `--comment__in=` (no id) matches nothing; WordPress would read it as no filter.
        if request.include?.isEmpty == true {
            io.out(single == nil || format == .count ? CommentOutput.render([], fields: columns, format: format, width: io.terminalWidth) : "")
            return .success
        }
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
            // Each type's list came in the order asked for: together, in that order too.
            let (key, order, include) = (orderby, self.order, request.include ?? [])
            comments.sort { key.precedes($0, $1, order: order, include: include) }
        }
        var values = FieldValues()
        if columns.contains(.commentDate), format != .ids { values.timeZone = try await site.client.siteTimeZone() }
        var scores: [Int: Int] = [:]
        if columns.contains(.spamScore) || orderby == .spamScore {
            scores = try await SpamScoring.learn(site, io: io, environment: environment).scores(of: comments)
        }
        if orderby == .spamScore { comments = Self.sorted(comments, byScores: scores, order) }
        if let limit { comments = Array(comments.prefix(limit)) }
        if let single, format != .ids, format != .count {
            io.out(CommentOutput.values(comments, field: single, format: format, terminal: io.terminalWidth != nil, values: values, spamScores: scores))
            return .success
        }
        io.out(CommentOutput.render(comments, fields: columns, format: format, width: io.terminalWidth, values: values, spamScores: scores))
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
        let limit = self.limit ?? number
        var request = CommentListRequest(post: post ?? postID, parent: parent, statuses: status.statuses, search: search,
                                         perPage: orderby == .spamScore ? 100 : min(100, limit ?? 100),
                                         order: orderby == .spamScore ? .desc : order.sortOrder,
                                         orderBy: orderby.restValue)
        request.include = try commentIn.map { try Self.ids($0, option: "--comment__in") }
        request.exclude = try commentNotIn.map { try Self.ids($0, option: "--comment__not_in") }
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
    /// `1,2,3` (wp-cli's lists) as ids; a usage error for anything else.
    static func ids(_ text: String, option: String) throws -> [Int] {
        try text.split(whereSeparator: { $0 == "," || $0 == " " }).map { word in
            guard let id = Int(word), id > 0 else { throw CommandFailure.usage("\(option) takes comment ids separated by commas, not “\(word)”.") }
            return id
        }
    }

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
    /// `values`: the site's time zone; `spamScores`: the comments' spam scores by id, when
    /// `fields` has `spam_score`.
    static func render(_ comments: [Comment], fields: [CommentField], format: OutputFormat, width: Int?, single: Bool = false,
                       values: FieldValues = FieldValues(), spamScores: [Int: Int] = [:]) -> String {
        let printer = RecordPrinter(names: fields.map(\.rawValue), rows: comments.map { comment in
            var values = values
            values.score = spamScores[comment.id]
            return fields.map { RecordPrinter.Value(text: $0.text(of: comment, values: values), json: $0.jsonValue(of: comment, values: values)) }
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

    /// `--field`: each comment's value of `field`, one a line as wp-cli prints them (each
    /// made one line on a terminal), or a JSON array of them.
    static func values(_ comments: [Comment], field: CommentField, format: OutputFormat, terminal: Bool,
                       values: FieldValues = FieldValues(), spamScores: [Int: Int] = [:]) -> String {
        let each = comments.map { comment in
            var values = values
            values.score = spamScores[comment.id]
            return (text: field.text(of: comment, values: values), json: field.jsonValue(of: comment, values: values))
        }
        if format == .json {
            let data = (try? JSONSerialization.data(withJSONObject: each.map(\.json), options: [.withoutEscapingSlashes])) ?? Data("[]".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
        return each.map { (terminal ? TextCleaning.oneLine($0.text) : $0.text) + "\n" }.joined()
    }
}
