import Foundation

/// The parameters of `GET /wp/v2/comments`, validated the way WordPress's schema does.
struct ListQuery: Hashable, Sendable {
    var page = 1
    var perPage = 10
    var offset: Int?
    var descending = true
    var orderBy = "date_gmt"
    var search: String?
    var before: DateBound?
    var after: DateBound?
    var posts: [Int]?
    var parents: [Int]?
    var parentExclude: [Int]?
    var include: [Int]?
    var exclude: [Int]?
    var authors: [Int]?
    var authorExclude: [Int]?
    /// Only comments written with this address (`author_email`, a protected filter).
    var authorEmail: String?
    /// After `sanitize_key`: `hold,spam` has become `holdspam`, which matches nothing.
    var status = "approve"
    /// After `sanitize_key`, as `status`.
    var type = "comment"
    var context = ResponseContext.view

    /// This query without its page (page, size, offset) and response context: what
    /// decides which comments match and in which order.
    var selection: ListQuery {
        var selection = self
        selection.page = 1
        selection.perPage = 10
        selection.offset = nil
        selection.context = .view
        return selection
    }

    static let orderByValues = ["date", "date_gmt", "id", "include", "post", "parent", "type"]

    init(_ parameters: RequestParameters) throws(WPError) {
        page = try Self.integer(parameters, "page") ?? 1
        guard page >= 1 else { throw .invalidParam("page", "page must be greater than or equal to 1", .outOfBounds) }
        perPage = try Self.integer(parameters, "per_page") ?? 10
        guard (1...100).contains(perPage) else {
            throw .invalidParam("per_page", "per_page must be between 1 (inclusive) and 100 (inclusive)", .outOfBounds)
        }
        offset = try Self.integer(parameters, "offset").map { abs($0) }
        try readOrdering(parameters)
        search = try Self.text(parameters, "search").flatMap { $0.isEmpty ? nil : $0 }
        before = try Self.date(parameters, "before")
        after = try Self.date(parameters, "after")
        posts = try Self.filter(parameters, "post")
        parents = try Self.filter(parameters, "parent")
        parentExclude = try Self.filter(parameters, "parent_exclude")
        include = try Self.filter(parameters, "include")
        exclude = try Self.filter(parameters, "exclude")
        authors = try Self.filter(parameters, "author")
        authorExclude = try Self.filter(parameters, "author_exclude")
        authorEmail = try Self.email(parameters, "author_email")
        status = try Self.text(parameters, "status").map(Self.sanitizeKey) ?? "approve"
        type = try Self.text(parameters, "type").map(Self.sanitizeKey) ?? "comment"
        context = try Self.context(parameters)
    }

    private mutating func readOrdering(_ parameters: RequestParameters) throws(WPError) {
        switch try Self.text(parameters, "order") {
        case nil, "desc": descending = true
        case "asc": descending = false
        default: throw .invalidParam("order", "order is not one of asc and desc.", .notInEnum)
        }
        orderBy = try Self.text(parameters, "orderby") ?? "date_gmt"
        guard Self.orderByValues.contains(orderBy) else {
            throw .invalidParam("orderby", "orderby is not one of \(Self.orderByValues.joined(separator: ", ")).", .notInEnum)
        }
    }

    /// The protected filters a request uses (they need `edit_posts`); WordPress names them in
    /// its error, in this order. Read from the raw parameters, as the permission check runs
    /// whatever the handler would make of them.
    static func protectedParameters(_ parameters: RequestParameters, defaults: Bool) -> [String] {
        var names: [String] = []
        for name in ["author", "author_exclude", "author_email"] {
            switch parameters[name] {
            case .text(let text) where !text.isEmpty: names.append(name)
            case .list(let list) where !list.isEmpty: names.append(name)
            default: break
            }
        }
        if (parameters.text("type").map(sanitizeKey) ?? (defaults ? "comment" : nil)) != "comment" { names.append("type") }
        if (parameters.text("status").map(sanitizeKey) ?? (defaults ? "approve" : nil)) != "approve" { names.append("status") }
        return names
    }

    static func context(_ parameters: RequestParameters) throws(WPError) -> ResponseContext {
        guard let text = try text(parameters, "context") else { return .view }
        guard let context = ResponseContext(rawValue: text) else {
            throw .invalidParam("context", "context is not one of view, embed, and edit.", .notInEnum)
        }
        return context
    }

    /// `sanitize_key`: lower case, only `a-z`, `0-9`, `_` and `-` survive.
    static func sanitizeKey(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }))
    }

    static func text(_ parameters: RequestParameters, _ name: String) throws(WPError) -> String? {
        switch parameters[name] {
        case nil: return nil
        case .text(let text): return text
        case .list: throw .invalidParam(name, "\(name) is not of type string.", .type)
        }
    }

    static func integer(_ parameters: RequestParameters, _ name: String) throws(WPError) -> Int? {
        guard let text = try text(parameters, name) else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw .invalidParam(name, "\(name) is not of type integer.", .type)
        }
        return value
    }

    /// An id list filter: nil when absent or empty (`post=` filters nothing, as an empty
    /// `post__in` does in `WP_Comment_Query`).
    static func filter(_ parameters: RequestParameters, _ name: String) throws(WPError) -> [Int]? {
        guard let ids = try integers(parameters, name), !ids.isEmpty else { return nil }
        return ids
    }

    /// Integer lists arrive as `post[]=1&post[]=2` or `post=1,2` (`wp_parse_id_list`).
    static func integers(_ parameters: RequestParameters, _ name: String) throws(WPError) -> [Int]? {
        let items: [String]
        switch parameters[name] {
        case nil: return nil
        case .list(let list): items = list
        case .text(let text): items = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        }
        var values: [Int] = []
        for (index, item) in items.enumerated() {
            guard let value = Int(item) else {
                throw .invalidParam(name, "\(name)[\(index)] is not of type integer.", .type, param: "\(name)[\(index)]")
            }
            values.append(value)
        }
        return values
    }

    /// An email address, checked roughly like WordPress's `is_email` (six characters at least,
    /// one `@`, a dotted domain without empty labels); empty counts as absent.
    static func email(_ parameters: RequestParameters, _ name: String) throws(WPError) -> String? {
        guard let text = try text(parameters, name), !text.isEmpty else { return nil }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let labels = parts.count == 2 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
        guard text.count >= 6, parts.count == 2, !parts[0].isEmpty, labels.count >= 2,
              labels.allSatisfy({ !$0.isEmpty })
        else { throw .invalidParam(name, "Invalid email address.", .email) }
        return text
    }

    static func date(_ parameters: RequestParameters, _ name: String) throws(WPError) -> DateBound? {
        guard let text = try text(parameters, name) else { return nil }
        guard let bound = DateBound(text) else {
            throw .invalidParam(name, "Invalid date.", .date)
        }
        return bound
    }

    /// Whether a stored status passes the `status` filter, as `WP_Comment_Query` reads it.
    func admits(_ stored: MockCommentStatus) -> Bool {
        switch status {
        case "approve", "1": stored == .approved
        case "hold", "0": stored == .hold
        case "spam": stored == .spam
        case "trash": stored == .trash
        case "all", "": stored == .approved || stored == .hold
        case "any": true
        default: false  // e.g. "approved": compared with comment_approved verbatim, nothing matches
        }
    }

    /// Whether a stored type passes the `type` filter, as `WP_Comment_Query` reads it since
    /// WordPress 6.9: notes only when asked for by name or with `all`; an empty type means
    /// every type but notes.
    func admits(type stored: MockCommentType) -> Bool {
        switch type {
        case "comment", "comments": stored == .comment
        case "pings": stored.isPing
        case "all": true
        case "": stored != .note
        default: stored.rawValue == type
        }
    }
}
