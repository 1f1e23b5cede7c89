/// What one filter toggle tests a comment for. Its ``key`` is the filter's stable id,
/// used in persisted state.
public enum FilterCriterion: Hashable, Sendable, CustomStringConvertible {
    /// Has this status.
    case status(CommentStatus)
    /// Starts a thread.
    case topLevel
    /// Replies to another comment.
    case replies
    /// Has no reply yet.
    case needsReply
    /// Was written by this author (by display name).
    case author(String)
    /// Was written by someone outside the listed authors.
    case otherAuthors
    /// Belongs to this post.
    case post(Int)
    /// Was written today.
    case today
    /// Was written in the last 7 days (today included).
    case lastSevenDays
    /// Is older than 7 days.
    case older
    /// Is of this kind: a comment, or a ping (pingback or trackback).
    case kind(CommentKind)
    /// Has a spam score in this band (issue 30; a site that is scored).
    case spamScore(SpamBand)

    /// The group the filter belongs to.
    public var group: FilterGroupID {
        switch self {
        case .status: .status
        case .topLevel, .replies, .needsReply: .thread
        case .author, .otherAuthors: .author
        case .post: .post
        case .today, .lastSevenDays, .older: .date
        case .kind: .type
        case .spamScore: .score
        }
    }

    /// A stable string for files: `status:spam`, `author:Ada`, `post:12`, `thread:needs-reply`.
    public var key: String {
        switch self {
        case .status(let status): "status:\(status.rawValue)"
        case .topLevel: "thread:top-level"
        case .replies: "thread:replies"
        case .needsReply: "thread:needs-reply"
        case .author(let name): "author:\(name)"
        case .otherAuthors: "author-others"
        case .post(let id): "post:\(id)"
        case .today: "date:today"
        case .lastSevenDays: "date:7-days"
        case .older: "date:older"
        case .kind(let kind): "type:\(kind.rawValue)"
        case .spamScore(let band): "score:\(band.rawValue)"
        }
    }

    /// Reads a ``key`` back; nil for anything else.
    public init?(key: String) {
        let fixed: [String: FilterCriterion] = [
            "thread:top-level": .topLevel, "thread:replies": .replies, "thread:needs-reply": .needsReply,
            "author-others": .otherAuthors, "date:today": .today, "date:7-days": .lastSevenDays, "date:older": .older,
        ]
        if let criterion = fixed[key] {
            self = criterion
        } else if key.hasPrefix("status:"), let status = CommentStatus(rawValue: String(key.dropFirst(7))) {
            self = .status(status)
        } else if key.hasPrefix("author:") {
            self = .author(String(key.dropFirst(7)))
        } else if key.hasPrefix("post:"), let id = Int(key.dropFirst(5)) {
            self = .post(id)
        } else if key.hasPrefix("type:"), let kind = CommentKind(rawValue: String(key.dropFirst(5))) {
            self = .kind(kind)
        } else if key.hasPrefix("score:"), let band = SpamBand(rawValue: String(key.dropFirst(6))) {
            self = .spamScore(band)
        } else {
            return nil
        }
    }

    public var description: String { key }
}

/// The filter groups, in the order the panel shows them (Type after the others: most sites
/// have few pings, and the groups above it keep their places; Score last, on a scored site only).
public enum FilterGroupID: String, CaseIterable, Sendable, Hashable, Codable {
    case status, thread, author, post, date, type, score

    /// The group's heading.
    public var title: String {
        switch self {
        case .status: "Status"
        case .thread: "Thread"
        case .author: "Author"
        case .post: "Post"
        case .date: "Date"
        case .type: "Type"
        case .score: "Score"
        }
    }
}
