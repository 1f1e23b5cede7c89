import Foundation

/// What a write set out to do, so the site can be asked afterwards whether it happened.
enum AmbiguousWrite: Sendable {
    /// A status change (trash included) of comment `id`, meant to end as `expected`
    /// (`restore`: anything but the trash).
    case moderation(id: Int, to: Moderation, expected: CommentStatus)
    /// New text for comment `id`.
    case content(id: Int, text: String)
    /// Deleting comment `id` for good.
    case permanentDeletion(id: Int)
    /// A reply under `parent` on `post`, by `author` when known, sent at `sentAt`.
    case reply(post: Int, parent: Int, text: String, author: Int?, sentAt: Date)
}

/// Settle, then tell: a write whose request may have reached the site but whose answer did
/// not come back readable (an unreadable 2xx body, a connection lost or timed out after
/// sending) is checked against the site before the user is told anything.
///
/// - moderation and edits: `GET` the comment and look at its status or text;
/// - permanent deletion: `GET` it; 404 means it is gone;
/// - a reply: look for a comment with the same parent and text, by this user, written since
///   the request left (``WordPressClient/findReply(post:parent:content:author:after:)``).
///
/// The verdict becomes the write's result: done (with the site's comment), not done (the
/// original error: the store rolls back), or unknown (``CommentsError/outcomeUnknown(check:)``:
/// the store keeps the user's text and says so). A reply sent again after an unknown outcome
/// is looked for first, and a `409 comment_duplicate` answer means it is there already: a
/// retry never posts twice.
enum WriteSettlement {
    /// How far before the send time a reply is looked for. Wide on purpose: a server clock
    /// off by hours, WordPress comparing `after` with the site's local time, and a mock that
    /// dates new comments from its start all fit in it, while a reply with the same parent,
    /// author and text cannot be someone else's (WordPress refuses such a duplicate anyway).
    static let clockSkewMargin: TimeInterval = 24 * 60 * 60

    /// Whether `error` leaves open that the site carried out the write: the request may
    /// have left and been applied (an unreadable answer, a connection lost, a timeout, an
    /// unclassified transport failure). Refused connections, an offline machine and HTTP
    /// error answers are certain failures.
    static func isAmbiguous(_ error: CommentsError) -> Bool {
        switch error {
        case .decoding, .transport(.connectionLost), .transport(.timeout), .transport(.other), .outcomeUnknown: true
        default: false
        }
    }

    /// Runs `attempt` and settles its outcome with the site when it is ambiguous.
    /// `checkFirst` (a retry after an unknown outcome) asks the site before sending again.
    /// `siteCheck`: what the comment must still be on the site for the write to go
    /// (``SiteCheck``); when it changed, nothing is sent and the result says what changed.
    static func send(
        _ write: AmbiguousWrite, client: WordPressClient, checkFirst: Bool = false, siteCheck: SiteCheck? = nil,
        attempt: @Sendable () async throws -> Comment
    ) async -> Result<Comment, CommentsError> {
        if checkFirst {
            switch await check(write, client: client) {
            case .applied(let comment): return .success(comment)
            case .gone: return .failure(goneError)
            case .unknown(let error): return .failure(.outcomeUnknown(check: error))
            case .notApplied: break
            }
        }
        if let siteCheck, let refusal = await siteCheck.run(client) { return .failure(refusal) }
        let result = await Result.capturing(attempt)
        guard case .failure(let error) = result else { return result }
        let duplicate = if case .reply = write, case .http(409, "comment_duplicate", _) = error { true } else { false }
        guard isAmbiguous(error) || duplicate else { return result }
        switch await check(write, client: client) {
        case .applied(let comment): return .success(comment)
        case .gone: return .failure(goneError)
        case .notApplied: return .failure(error)
        case .unknown(let checkError): return .failure(.outcomeUnknown(check: checkError))
        }
    }

    /// What the site says about the write.
    enum Verdict {
        /// It happened; the comment as the site has it now.
        case applied(Comment)
        /// The comment does not exist (for a permanent deletion: it happened).
        case gone
        /// It did not happen.
        case notApplied
        /// The site could not be asked.
        case unknown(CommentsError)
    }

    /// The answer to a write on a comment that does not exist: what the store already
    /// reads as "deleted", for a permanent deletion as done.
    static let goneError = CommentsError.http(status: 404, code: "rest_comment_invalid_id", message: nil)

    static func check(_ write: AmbiguousWrite, client: WordPressClient) async -> Verdict {
        switch write {
        case .moderation(let id, let moderation, let expected):
            return await lookUp(id, client) { comment in
                moderation == .restore ? comment.status != .trash : comment.status == expected
            }
        case .content(let id, let text):
            return await lookUp(id, client) { ReplyText.matches($0, text) }
        case .permanentDeletion(let id):
            return await lookUp(id, client) { _ in false }
        case .reply(let post, let parent, let text, let author, let sentAt):
            do {
                let found = try await client.findReply(post: post, parent: parent, content: text, author: author,
                                                       after: sentAt.addingTimeInterval(-clockSkewMargin))
                return found.map(Verdict.applied) ?? .notApplied
            } catch {
                return .unknown(error)
            }
        }
    }

    /// `GET` comment `id`: applied when `isDone` holds for it, gone on 404.
    private static func lookUp(_ id: Int, _ client: WordPressClient, isDone: (Comment) -> Bool) async -> Verdict {
        do {
            let comment = try await client.comment(id: id)
            return isDone(comment) ? .applied(comment) : .notApplied
        } catch .http(status: 404, _, _) {
            return .gone
        } catch {
            return .unknown(error)
        }
    }
}
