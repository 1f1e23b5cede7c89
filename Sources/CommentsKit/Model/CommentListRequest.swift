import Foundation

/// What to list: the parameters of `GET /wp/v2/comments`.
public struct CommentListRequest: Sendable, Hashable {
    /// Only comments on this post.
    public var post: Int?
    /// Only direct replies to this comment (0: top-level comments only).
    public var parent: Int?
    /// Statuses to include. Empty: WordPress's default (approved only).
    ///
    /// WordPress's `status` parameter takes one value (it runs `sanitize_key`, so
    /// `hold,spam` becomes `holdspam` and matches nothing). The client therefore sends one
    /// status as itself, `{approved, hold}` as `all`, all four as `any`, and any other set as
    /// `any`, keeping only the wanted statuses of the page it gets back: such pages can hold
    /// fewer than `perPage` comments, and `total`/`totalPages` then count every status.
    /// Anything but approved needs a moderator.
    public var statuses: Set<CommentStatus>
    /// Words to look for in content and author name, e-mail, URL and IP.
    public var search: String?
    /// The page, from 1.
    public var page: Int
    /// Comments per page, 1…100.
    public var perPage: Int
    /// By date, newest first by default.
    public var order: SortOrder
    /// Which fields to get; `edit` needs a moderator and adds `content.raw`.
    public var context: RequestContext
    /// The comment type (`comment`, `pingback`, `trackback`, `pings`): one value, which
    /// every request parley makes sends (``CommentKind``); the background refresh sends it
    /// empty, every type but notes (``WordPressClient/commentsAndPings``). nil leaves it to
    /// WordPress, whose default is `comment`. Never `all`: since WordPress 6.9 that brings
    /// the block editor's notes too.
    public var type: String? = CommentKind.comments.rawValue
    /// Only comments by this user id (needs a moderator).
    public var author: Int?
    /// Only comments written after this moment.
    public var after: Date?
    /// Only comments written before this moment.
    public var before: Date? = nil
    /// Only comments written with this e-mail address (needs a moderator).
    public var authorEmail: String? = nil
    /// The order key (`date_gmt`, `id`, …); nil: WordPress's default, `date_gmt`.
    public var orderBy: String?
    /// Only these comment ids (`include`, wp-cli's `--comment__in`); nil: any.
    public var include: [Int]? = nil
    /// Never these comment ids (`exclude`, wp-cli's `--comment__not_in`); nil: none.
    public var exclude: [Int]? = nil
    /// A status WordPress stores but parley does not moderate (`post-trashed`: comments on a
    /// trashed post, which `wp comment count` counts apart), sent as it is instead of `statuses`.
    public var storedStatus: String? = nil

    /// Creates a request; the defaults ask for the newest 100 approved comments (`type=comment`).
    public init(
        post: Int? = nil, parent: Int? = nil, statuses: Set<CommentStatus> = [], search: String? = nil,
        page: Int = 1, perPage: Int = 100, order: SortOrder = .desc, context: RequestContext = .view,
        type: String? = CommentKind.comments.rawValue, author: Int? = nil, after: Date? = nil, orderBy: String? = nil
    ) {
        self.post = post
        self.parent = parent
        self.statuses = statuses
        self.search = search
        self.page = page
        self.perPage = perPage
        self.order = order
        self.context = context
        self.type = type
        self.author = author
        self.after = after
        self.orderBy = orderBy
    }

    /// The `status` value to send, and whether the answer must be filtered on our side.
    var statusParameter: (value: String?, filterLocally: Bool) {
        switch statuses.count {
        case 0: return (nil, false)
        case 1: return (statuses.first?.filterValue, false)
        case _ where statuses == [.approved, .hold]: return ("all", false)
        case CommentStatus.allCases.count: return ("any", false)
        default: return ("any", true)
        }
    }

    /// The query items, in a stable order.
    var queryItems: [(String, String)] {
        var items: [(String, String)] = [
            ("page", String(page)), ("per_page", String(perPage)), ("order", order.rawValue),
            ("context", context.rawValue),
        ]
        if let post { items.append(("post", String(post))) }
        if let parent { items.append(("parent", String(parent))) }
        if let status = storedStatus ?? statusParameter.value { items.append(("status", status)) }
        if let search, !search.isEmpty { items.append(("search", search)) }
        if let type { items.append(("type", type)) }
        if let author { items.append(("author", String(author))) }
        // With its zone: WordPress reads a date without one in the site's own time.
        if let after { items.append(("after", Self.wordPressDate(after) + "Z")) }
        if let before { items.append(("before", Self.wordPressDate(before) + "Z")) }
        if let authorEmail, !authorEmail.isEmpty { items.append(("author_email", authorEmail)) }
        if let orderBy { items.append(("orderby", orderBy)) }
        if let include { items.append(("include", include.map(String.init).joined(separator: ","))) }
        if let exclude { items.append(("exclude", exclude.map(String.init).joined(separator: ","))) }
        return items
    }

    /// `2026-11-21T23:08:05`: the form WordPress sends and takes, in UTC.
    public static func wordPressDate(_ date: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 1970) + "-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
