import Foundation

/// Check, then act: what a write compares with the site before it is sent — the comment as
/// the user acted on it. One `GET` with `_fields` (``WordPressClient/snapshot(id:)``), run
/// by the write's effect, so the row has changed at once already and the screen never
/// waits for it; a bulk run checks a chunk of its comments in one list instead.
enum SiteCheck: Equatable, Sendable {
    /// A status change: the comment is still `from`; `target` is what it is meant to end
    /// as (`restoring`: out of the trash, approved or pending).
    case status(id: Int, from: CommentStatus, target: CommentStatus, restoring: Bool, isUndo: Bool)
    /// A permanent deletion: the comment is still `from` (nil: not loaded, so only that it exists).
    case deletion(id: Int, from: CommentStatus?)
    /// An edit: the comment's text is still the one the editor opened on.
    case text(id: Int, raw: String?, plain: String)
    /// A reply: the comment it answers exists and is not in the trash or the spam (or, once
    /// the user said to reply anyway, still has status `confirmed`).
    case parent(id: Int, confirmed: CommentStatus?)

    /// The comment read.
    var id: Int {
        switch self {
        case .status(let id, _, _, _, _), .deletion(let id, _), .text(let id, _, _), .parent(let id, _): id
        }
    }

    /// What changed, comparing the site's copy `found` (nil: deleted) with what the user
    /// acted on; nil when the write may go.
    func conflict(with found: CommentSnapshot?) -> WriteConflict? {
        switch self {
        case let .status(id, from, target, restoring, isUndo):
            guard let found else { return WriteConflict(id: id, change: .deleted, found: nil) }
            // A restore wants the comment out of the trash: someone else's restore did
            // that; their spam did not.
            if restoring ? found.status == .approved || found.status == .hold : found.status == target {
                return WriteConflict(id: id, change: .alreadyDone(was: from, now: found.status, restoring: restoring), found: found,
                                     sinceOwnChange: isUndo)
            }
            guard found.status == from else {
                return WriteConflict(id: id, change: .status(was: from, now: found.status), found: found, sinceOwnChange: isUndo)
            }
            return nil
        case let .deletion(id, from):
            guard let found else { return WriteConflict(id: id, change: .deleted, found: nil) }
            guard let from, found.status != from else { return nil }
            return WriteConflict(id: id, change: .status(was: from, now: found.status), found: found)
        case let .text(id, raw, plain):
            guard let found else { return WriteConflict(id: id, change: .deleted, found: nil) }
            return Self.sameText(found, raw: raw, plain: plain) ? nil : WriteConflict(id: id, change: .text, found: found)
        case let .parent(id, confirmed):
            guard let found else { return WriteConflict(id: id, change: .parentDeleted, found: nil) }
            if let confirmed { return found.status == confirmed ? nil : WriteConflict(id: id, change: .parentStatus(now: found.status), found: found) }
            return found.status == .trash || found.status == .spam
                ? WriteConflict(id: id, change: .parentStatus(now: found.status), found: found) : nil
        }
    }

    /// Reads the comment and compares: nil when the write may go; the conflict as
    /// ``CommentsError/changedOnSite(_:)``; or why the site could not be read (the write
    /// is then not sent: nothing is written unchecked). A site that will not let this
    /// user read the comment (401, 403) leaves the decision to the write's own answer.
    func run(_ client: WordPressClient) async -> CommentsError? {
        do {
            return try await conflict(with: client.snapshot(id: id)).map(CommentsError.changedOnSite)
        } catch .http(status: 401, _, _), .http(status: 403, _, _) {
            return nil
        } catch {
            return error
        }
    }

    /// Whether `found` holds the text the user edited: the source exactly (trimmed) when
    /// both are known, the rendering made plain otherwise (``ReplyText/plain(_:)``).
    private static func sameText(_ found: CommentSnapshot, raw: String?, plain: String) -> Bool {
        if let raw, let foundRaw = found.contentRaw {
            return raw.trimmingCharacters(in: .whitespacesAndNewlines) == foundRaw.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ReplyText.plain(HTMLText.plainText(fromHTML: found.contentHTML)) == ReplyText.plain(plain)
    }
}
