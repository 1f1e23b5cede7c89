import CommentsKit

/// wp-admin's "Approve and Reply": in the editor of a reply to a pending comment, a
/// moderator's `Alt-a` (``EditorCommand/approveAndSend``) approves that comment and sends
/// the reply, in one key. `Ctrl-S` still sends the reply alone (and stays the only key
/// that sends anything else): a moderator may answer a question without publishing it.
/// `Alt-a`, not `Ctrl-A`: that is the editor's start of line.
enum ApproveAndReply {
    /// Whether `composer` replies to a pending comment that the user may approve.
    static func offered(for composer: Composer, _ comments: CommentsState) -> Bool {
        guard case .reply(_, let parent, _) = composer.purpose, comments.access(of: composer.site) == .moderator,
              let entry = comments.comments[composer.site]?[parent] else { return false }
        return entry.status == .hold && entry.mark == nil
    }
}
