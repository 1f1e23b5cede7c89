import Foundation

extension CommentsState {
    /// An outbox entry in words, naming its comment as the rest of the interface does (by
    /// its author): "reply to 李伟's comment", "approve Old Pete's comment", "delete Maggie
    /// Holloway's comment for good"; the user's own is "your comment" (a reply of theirs not
    /// posted yet too). A comment no longer known here is "comment #12". Not sanitised: the
    /// interface does that to everything it draws.
    public func outboxDescription(_ item: OutboxItem) -> String {
        let site = item.site
        let me = currentUsers[site]?.id
        func whose(_ id: Int) -> String {
            guard let entry = comments[site]?[id] else { return "comment #\(id)" }
            if entry.isLocal || (me != nil && me != 0 && entry.author == me) { return "your comment" }
            return entry.authorName + "'s comment"
        }
        switch item.write {
        case let .moderation(id, _, to): return "\(to.verb.lowercased()) \(whose(id))"
        case let .deletion(id): return "delete \(whose(id)) for good"
        case let .reply(_, _, parent, _, _): return "reply to \(whose(parent))"
        case let .edit(id, _, _, _): return "edit of \(whose(id))"
        }
    }

    /// The start of the text an outbox entry is about, on one line: a reply's or an edit's
    /// own text, else its comment's ("Thank you for…"); nil when there is none.
    public func outboxSnippet(_ item: OutboxItem, length: Int = 40) -> String? {
        let text: String? = switch item.write {
        case let .moderation(id, _, _), let .deletion(id): comments[item.site]?[id]?.text
        case let .reply(_, _, _, reply, _): reply
        case let .edit(_, _, edited, _): edited
        }
        guard let text else { return nil }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return nil }
        return line.count > length ? line.prefix(length) + "…" : line
    }
}
