import ArgumentParser
import CommentsKit

/// wp-cli's `--comment_*` options of `create` and `update`, in wp-cli's spellings, as the
/// REST API's fields. `comment_karma` and `comment_meta` are refused with the reason: the
/// REST API has no karma, and comment meta only for keys the site registers for it.
struct CommentFieldOptions: ParsableArguments {
    @Option(name: .customLong("comment_post_ID"), help: ArgumentHelp("The post.", valueName: "id"))
    var postID: Int?
    @Option(name: .customLong("comment_content"), help: ArgumentHelp("The text.", valueName: "text"))
    var content: String?
    @Option(name: .customLong("comment_author"), help: ArgumentHelp("The author's name.", valueName: "name"))
    var author: String?
    @Option(name: .customLong("comment_author_email"), help: ArgumentHelp("The author's e-mail address.", valueName: "address"))
    var authorEmail: String?
    @Option(name: .customLong("comment_author_url"), help: ArgumentHelp("The author's web site.", valueName: "url"))
    var authorURL: String?
    @Option(name: .customLong("comment_author_IP"), help: ArgumentHelp("The author's IP address.", valueName: "ip"))
    var authorIP: String?
    @Option(name: .customLong("comment_agent"), help: ArgumentHelp("The author's browser (user agent).", valueName: "agent"))
    var agent: String?
    @Option(name: .customLong("comment_date"), help: ArgumentHelp("When it was written, in the site's time zone: 2026-11-28 10:20:30.", valueName: "date"))
    var date: String?
    @Option(name: .customLong("comment_date_gmt"), help: ArgumentHelp("When it was written, in UTC.", valueName: "date"))
    var dateGMT: String?
    @Option(name: .customLong("comment_parent"), help: ArgumentHelp("The comment it answers (0: none).", valueName: "id"))
    var parent: Int?
    @Option(name: .customLong("comment_approved"), help: ArgumentHelp("1 (approved), 0 (pending), spam or trash.", valueName: "status"))
    var approved: String?
    @Option(name: .customLong("comment_type"), help: ArgumentHelp("comment: the only type the REST API creates or keeps.", valueName: "type"))
    var type: String?
    @Option(name: .customLong("user_id"), help: ArgumentHelp("The user who wrote it.", valueName: "id"))
    var userID: Int?
    @Option(name: .customLong("comment_karma"), help: ArgumentHelp("Refused: the REST API has no karma.", visibility: .hidden))
    var karma: String?
    @Option(name: .customLong("comment_meta"), help: ArgumentHelp("Refused: the REST API writes only meta the site registers for it.", visibility: .hidden))
    var meta: String?

    func validate() throws {
        if karma != nil { throw ValidationError("--comment_karma cannot be set: WordPress's REST API has no comment karma.") }
        if meta != nil {
            throw ValidationError("--comment_meta cannot be set: WordPress's REST API writes only comment meta the site registers for it.")
        }
        if let type, type != "comment" {
            throw ValidationError("--comment_type \(type): WordPress's REST API creates and keeps only comments of type comment.")
        }
        if let approved, Self.status(approved) == nil {
            throw ValidationError("--comment_approved takes 1, 0, approve, hold, spam or trash, not “\(approved)”.")
        }
    }

    /// The fields to send (`comment_approved` aside: see ``status``).
    var fields: CommentFields {
        var fields = CommentFields()
        fields.post = postID
        fields.content = content
        fields.authorName = author
        fields.authorEmail = authorEmail
        fields.authorURL = authorURL
        fields.authorIP = authorIP
        fields.authorUserAgent = agent
        fields.date = date.map(Self.restDate)
        fields.dateGMT = dateGMT.map(Self.restDate)
        fields.parent = parent
        fields.author = userID
        return fields
    }

    /// `--comment_approved` as a status; nil when not given.
    var status: CommentStatus? { approved.flatMap(Self.status) }

    /// wp-cli's and WordPress's spellings of a status.
    static func status(_ text: String) -> CommentStatus? {
        switch text {
        case "1", "approve", "approved": .approved
        case "0", "hold": .hold
        case "spam": .spam
        case "trash": .trash
        default: nil
        }
    }

    /// `2026-11-28 10:20:30` (wp-cli's) as the REST API takes it, `2026-11-28T10:20:30`.
    static func restDate(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
    }
}
