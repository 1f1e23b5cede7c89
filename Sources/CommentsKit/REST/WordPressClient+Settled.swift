import Foundation

/// Writes for callers without a store (the `parley comment` commands): each runs once and,
/// when its answer is lost or unreadable, is settled with the site by ``WriteSettlement``
/// before the caller hears anything, exactly as the stores' writes are.
extension WordPressClient {
    /// A status change of comment `id`: `moderation`, or out of the spam (`unspam`: WordPress
    /// puts back the status it had before).
    public enum StatusChange: Sendable, Hashable {
        /// One of the moderator's changes.
        case moderation(Moderation)
        /// Out of the spam.
        case unspam
    }

    /// Changes comment `id`'s status; the comment as the site has it afterwards.
    public func settledStatusChange(id: Int, _ change: StatusChange) async -> Result<Comment, CommentsError> {
        await statusChange(id: id, change).mapError(Self.goneIsGone)
    }

    private func statusChange(id: Int, _ change: StatusChange) async -> Result<Comment, CommentsError> {
        switch change {
        case .unspam:
            return await settle(attempt: { try await self.updateStatus(id: id, to: .unspam) }) {
                await self.lookUp(id) { $0.status != .spam }
            }
        case .moderation(let moderation):
            let expected = moderation.resultingStatus(previous: nil)
            let write = AmbiguousWrite.moderation(id: id, to: moderation, expected: expected)
            return await settle(attempt: {
                switch moderation {
                case .approve: try await self.updateStatus(id: id, to: .approve)
                case .hold: try await self.updateStatus(id: id, to: .hold)
                case .spam: try await self.updateStatus(id: id, to: .spam)
                case .trash: try await self.trash(id: id)
                case .restore: try await self.updateStatus(id: id, to: .untrash)
                }
            }) { await WriteSettlement.check(write, client: self) }
        }
    }

    /// Deletes comment `id` for good. A lost answer followed by a comment that is gone is a
    /// success (nil: the site's copy is not known); a 404 answered at once stays an error.
    public func settledPermanentDeletion(id: Int) async -> Result<Comment?, CommentsError> {
        let result = await settle(attempt: { try await self.deletePermanently(id: id) }) {
            await WriteSettlement.check(.permanentDeletion(id: id), client: self)
        }
        switch result {
        case .success(let comment): return .success(comment)
        case .failure(.outcomeUnknown(check: WriteSettlement.goneError)): return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }

    /// New text for comment `id`.
    public func settledEdit(id: Int, content: String) async -> Result<Comment, CommentsError> {
        await settle(attempt: { try await self.updateContent(id: id, content: content) }) {
            await WriteSettlement.check(.content(id: id, text: content), client: self)
        }.mapError(Self.goneIsGone)
    }

    /// For anything but a deletion, a comment found gone is simply a comment that does not exist.
    private static func goneIsGone(_ error: CommentsError) -> CommentsError {
        error == .outcomeUnknown(check: WriteSettlement.goneError) ? WriteSettlement.goneError : error
    }

    /// A reply to `parent` on `post`, by `author` (the logged-in user's id) when known;
    /// never posted twice (see ``WriteSettlement``).
    public func settledReply(post: Int, parent: Int, content: String, author: Int?) async -> Result<Comment, CommentsError> {
        let write = AmbiguousWrite.reply(post: post, parent: parent, text: content, author: author, sentAt: Date())
        return await WriteSettlement.send(write, client: self) {
            try await self.reply(post: post, parent: parent, content: content)
        }
    }

    /// Runs `attempt`; an ambiguous failure is replaced by what `check` finds on the site.
    /// A comment found gone is reported as `outcomeUnknown(check: goneError)` so that a
    /// deletion can tell it from a 404 answered at once.
    private func settle(
        attempt: @Sendable () async throws -> Comment, check: () async -> WriteSettlement.Verdict
    ) async -> Result<Comment, CommentsError> {
        let result = await Result.capturing(attempt)
        guard case .failure(let error) = result, WriteSettlement.isAmbiguous(error) else { return result }
        switch await check() {
        case .applied(let comment): return .success(comment)
        case .gone: return .failure(.outcomeUnknown(check: WriteSettlement.goneError))
        case .notApplied: return .failure(error)
        case .unknown(let checkError): return .failure(.outcomeUnknown(check: checkError))
        }
    }

    /// `GET` comment `id`: applied when `isDone` holds, gone on 404.
    private func lookUp(_ id: Int, isDone: (Comment) -> Bool) async -> WriteSettlement.Verdict {
        do {
            let comment = try await comment(id: id)
            return isDone(comment) ? .applied(comment) : .notApplied
        } catch .http(status: 404, _, _) {
            return .gone
        } catch {
            return .unknown(error)
        }
    }
}
