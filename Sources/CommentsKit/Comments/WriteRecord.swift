import Foundation

/// One change to a comment that parley knows of, as its write log (``WriteJournal``) keeps
/// it and `parley log` prints it: when, on which site and comment, who (parley, as the
/// logged-in user, or someone outside parley), what changed (before → after), and how it
/// ended.
///
/// Its JSON is flat, one object a line in the log file, so `jq` and `grep` read it:
/// `{"time":"2026-11-28T09:16:03.120Z","site":"…","site_name":"…","comment":12,"by":"parley",
/// "user":"admin","user_id":1,"change":"status","before":"hold","after":"approved",
/// "outcome":"done","via":"tui"}` — `reply`, `problem` and `overrode` only when they say
/// something.
public struct WriteRecord: Equatable, Sendable {
    /// Who made the change.
    public enum Actor: String, Sendable, Codable {
        /// This parley (or another run of it on this machine), as ``WriteRecord/user``.
        case parley
        /// Someone else — wp-admin, another parley, the WordPress app — seen by parley afterwards.
        case outside
    }

    /// What changed.
    public enum Change: Equatable, Sendable {
        /// A new status; `from` is nil when it was not known (a write from the command line).
        case status(from: CommentStatus?, to: CommentStatus)
        /// New text (and, for a Quick Edit, the author's fields).
        case textEdited
        /// Deleted for good; `from`: its status before, when known.
        case deletedPermanently(from: CommentStatus?)
        /// A reply to the comment was posted as comment `reply` (nil: it was not posted).
        case replyPosted(reply: Int?)
    }

    /// How the write ended.
    public enum Outcome: Equatable, Sendable {
        /// The site did it (for an outside change: it was seen done).
        case done
        /// It was not done, and why, in words.
        case failed(String)
    }

    /// Where a write of parley's came from.
    public enum Tool: String, Sendable, Codable {
        /// A key in the terminal interface.
        case tui
        /// A `parley comment …` command.
        case cli
    }

    /// When it happened (kept to the millisecond, as the log writes it).
    public var time: Date
    /// The site (its REST base, ``SiteID``).
    public var site: SiteID
    /// The site's name, as parley showed it.
    public var siteName: String
    /// The comment changed (for a reply, the comment answered).
    public var comment: Int
    /// Who made it.
    public var actor: Actor
    /// The logged-in user's display name, when known.
    public var user: String?
    /// The logged-in user's id, when known.
    public var userID: Int?
    /// What changed.
    public var change: Change
    /// How it ended.
    public var outcome: Outcome
    /// The change made elsewhere this write was confirmed over ("marked as spam on the site
    /// 10 s before"), when the user was asked and said go ahead; nil when none was.
    public var overrode: String?
    /// Where a write of parley's came from; nil for an outside change.
    public var via: Tool?

    /// A record of `change` to `comment` of `site`, made by `actor` at `time`.
    public init(time: Date, site: SiteID, siteName: String = "", comment: Int, actor: Actor = .parley, user: String? = nil,
                userID: Int? = nil, change: Change, outcome: Outcome = .done, overrode: String? = nil, via: Tool? = nil) {
        // What the log keeps: a record read back equals the one written.
        self.time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1000).rounded() / 1000)
        self.site = site
        self.siteName = siteName
        self.comment = comment
        self.actor = actor
        self.user = user
        self.userID = userID
        self.change = change
        self.outcome = outcome
        self.overrode = overrode
        self.via = via
    }

    /// Whether the write was done.
    public var succeeded: Bool { outcome == .done }

    /// What changed, in words: "approved (was pending)", "moved to the trash", "text edited",
    /// "deleted permanently", "reply posted as #412".
    public var changeDescription: String {
        switch change {
        case let .status(from, to):
            let done = Self.pastTense(to: to, from: from)
            guard let from, from != to, !(from == .trash && to != .trash) else { return done }
            return "\(done) (was \(from.displayName))"
        case .textEdited: return "text edited"
        case .deletedPermanently: return "deleted permanently"
        case .replyPosted(let reply?): return "reply posted as #\(reply)"
        case .replyPosted(nil): return "reply"
        }
    }

    /// Who, in words: "by you" (parley, `me` being the user it runs as), "by alice" (parley
    /// as another user), "outside parley".
    public func actorDescription(me: String? = nil) -> String {
        switch actor {
        case .outside: return "outside parley"
        case .parley:
            guard let user, !user.isEmpty else { return "by parley" }
            return user == me ? "by you" : "by \(user)"
        }
    }

    private static func pastTense(to: CommentStatus, from: CommentStatus?) -> String {
        switch to {
        case .approved: from == .spam || from == .trash ? "restored (approved)" : "approved"
        case .hold: from == .spam || from == .trash ? "restored (pending)" : "unapproved"
        case .spam: "marked as spam"
        case .trash: "moved to the trash"
        }
    }
}

extension WriteRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case time, site, siteName = "site_name", comment, actor = "by", user, userID = "user_id", change, before, after, reply,
             outcome, problem, overrode, via
    }

    /// The form `time` is written in: ISO 8601 in UTC with milliseconds.
    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `time` as the log writes it, `2026-11-18T08:26:40.123Z`: the formatter truncates its
    /// fraction, and a millisecond held in binary is a hair under itself, so the whole
    /// milliseconds are written by hand.
    private static func timeText(_ time: Date) -> String {
        let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(Date.ISO8601FormatStyle())
        return String(whole.dropLast()) + "." + String(String(fraction + 1000).dropFirst()) + "Z"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .time)
        guard let time = try? Self.timeFormat.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: .time, in: container, debugDescription: "not an ISO 8601 time: \(text)")
        }
        let before = try container.decodeIfPresent(CommentStatus.self, forKey: .before)
        let change: Change
        switch try container.decode(String.self, forKey: .change) {
        case "status": change = .status(from: before, to: try container.decode(CommentStatus.self, forKey: .after))
        case "edit": change = .textEdited
        case "delete": change = .deletedPermanently(from: before)
        case "reply": change = .replyPosted(reply: try container.decodeIfPresent(Int.self, forKey: .reply))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .change, in: container, debugDescription: "unknown change “\(other)”")
        }
        let outcome: Outcome = switch try container.decode(String.self, forKey: .outcome) {
        case "done": .done
        default: .failed(try container.decodeIfPresent(String.self, forKey: .problem) ?? "no reason given")
        }
        self.init(time: time, site: try container.decode(String.self, forKey: .site),
                  siteName: try container.decodeIfPresent(String.self, forKey: .siteName) ?? "",
                  comment: try container.decode(Int.self, forKey: .comment),
                  actor: try container.decodeIfPresent(Actor.self, forKey: .actor) ?? .parley,
                  user: try container.decodeIfPresent(String.self, forKey: .user),
                  userID: try container.decodeIfPresent(Int.self, forKey: .userID),
                  change: change, outcome: outcome,
                  overrode: try container.decodeIfPresent(String.self, forKey: .overrode),
                  via: try container.decodeIfPresent(Tool.self, forKey: .via))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.timeText(time), forKey: .time)
        try container.encode(site, forKey: .site)
        try container.encode(siteName, forKey: .siteName)
        try container.encode(comment, forKey: .comment)
        try container.encode(actor, forKey: .actor)
        try container.encodeIfPresent(user, forKey: .user)
        try container.encodeIfPresent(userID, forKey: .userID)
        switch change {
        case let .status(from, to):
            try container.encode("status", forKey: .change)
            try container.encodeIfPresent(from, forKey: .before)
            try container.encode(to, forKey: .after)
        case .textEdited:
            try container.encode("edit", forKey: .change)
        case .deletedPermanently(let from):
            try container.encode("delete", forKey: .change)
            try container.encodeIfPresent(from, forKey: .before)
        case .replyPosted(let reply):
            try container.encode("reply", forKey: .change)
            try container.encodeIfPresent(reply, forKey: .reply)
        }
        switch outcome {
        case .done: try container.encode("done", forKey: .outcome)
        case .failed(let problem):
            try container.encode("failed", forKey: .outcome)
            try container.encode(problem, forKey: .problem)
        }
        try container.encodeIfPresent(overrode, forKey: .overrode)
        try container.encodeIfPresent(via, forKey: .via)
    }
}
