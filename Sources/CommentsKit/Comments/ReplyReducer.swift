import Foundation
import Flux

/// Replies and edits, for ``CommentsReducer``: text the user wrote, sent to the site.
///
/// Each goes through ``WriteLifecycle`` as any write does. A reply shows at once under a
/// local (negative) id, marked as sending; the site's answer (``WriteOutcome``) puts the
/// posted comment in its place, or keeps the text, marked failed, for a retry or a discard. An edit shows its new text at once; a refused edit
/// puts the old text back and keeps the new one (``CommentsState/unsentEdit``) for the
/// editor to offer again. Edits start from the comment's source, read first with
/// ``CommentsAction/loadSource(site:id:)``.
struct ReplyReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    let now: @Sendable () -> Date

    // MARK: Replies

    func reply(site: SiteID, post: Int, parent: Int, text: String, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else {
            state.publish(site: site, .error, "Reply failed: parley has no connection to \(site).")
            return .none
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            state.publish(site: site, .error, "A reply needs some text.")
            return .none
        }
        let localID = state.requests.nextLocalID
        let me = state.currentUsers[site]
        let draft = Comment(
            id: localID, post: post, parent: parent, author: me?.id ?? 0,
            authorName: me?.name ?? "you", authorURL: "", date: now(),
            contentHTML: PlainTextHTML.html(fromPlainText: trimmed), contentRaw: trimmed,
            link: "", status: .approved, type: "comment"
        )
        state.requests.nextLocalID -= 1
        var comments = state.comments(of: site)
        comments.insert(CommentEntry(draft, mark: .sending))
        state.comments[site] = comments
        return postReply(site: site, localID: localID, post: post, parent: parent, text: trimmed,
                         sentAt: draft.date, checkFirst: false, client: client, in: &state)
    }

    /// Sends a failed reply again. After an outcome that was never settled, the site is
    /// asked first whether the reply got there: a retry never posts it twice.
    func retryReply(site: SiteID, localID: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client, let entry = state.comments[site]?[localID],
              case .failed(let error) = entry.mark else { return .none }
        return postReply(site: site, localID: localID, post: entry.post, parent: entry.parent, text: entry.contentRaw ?? entry.text,
                         sentAt: entry.date, checkFirst: WriteSettlement.isAmbiguous(error), client: client, in: &state)
    }

    private func postReply(
        site: SiteID, localID: Int, post: Int, parent: Int, text: String, sentAt: Date, checkFirst: Bool,
        client: WordPressClient, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        let reply = ReplyContent(post: post, parent: parent, text: text, sentAt: sentAt)
        let (operation, request) = WriteLifecycle.begin(.reply(site: site, localID: localID, reply), from: .single, in: &state)
        return WriteLifecycle.send(operation, request, client: client, checkFirst: checkFirst)
    }

    func discardReply(site: SiteID, localID: Int, in state: inout CommentsState) {
        guard let entry = state.comments[site]?[localID], entry.isLocal, entry.mark != .sending, entry.mark != .queued else { return }
        state.comments[site]?.remove(localID)
        state.publish(site: site, .info, "Reply discarded.")
    }

    // MARK: Edits

    /// Edits comment `id`: one's own, or anyone's for a user who may edit others' comments
    /// (then also its author's fields, `author`, as Quick Edit does).
    func edit(site: SiteID, id: Int, text: String, author: AuthorEdit = AuthorEdit(), in state: inout CommentsState) -> Effect<CommentsAction> {
        // Whatever stops the edit, the text the user wrote is kept for `edit` to offer again.
        guard let (entry, client) = WriteLifecycle.writableEntry(
            site: site, id: id, doing: "Edit", client: connections[site]?.client, in: &state
        ) else {
            state.unsentEdit = UnsentEdit(site: site, id: id, text: text, author: author)
            return .none
        }
        // Offline, or the site down since the start, the login is not known: the site, which
        // knows who may edit what, settles the edit when the outbox sends it.
        let loginUnknown = state.currentUsers[site] == nil
            && (state.outbox.offline.contains(site) || state.outbox.unreachable.contains(site))
        guard loginUnknown || state.currentUsers[site].map({ $0.id == entry.author || $0.canEditOthersComments }) == true else {
            state.unsentEdit = UnsentEdit(site: site, id: id, text: text, author: author)
            state.publish(site: site, .error, "Edit refused: you can only edit your own comments.")
            return .none
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            state.publish(site: site, .error, "A comment needs some text.")
            return .none
        }
        let (operation, request) = WriteLifecycle.begin(
            .edit(site: site, id: id, previous: entry, text: trimmed, author: author), from: .single, in: &state)
        return WriteLifecycle.send(operation, request, client: client)
    }

    /// Reads a comment's source (`content.raw`, edit context) so an edit starts from what
    /// the author wrote, not from its rendering turned into text — and from the text the
    /// site has now, not the one parley loaded (issue 27: `e` opened an old text, and
    /// saving overwrote a newer edit made elsewhere).
    func loadSource(site: SiteID, id: Int) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client, id > 0 else { return .none }
        return .run { send in
            let result = await Result.capturing { try await client.comment(id: id, context: .edit) }
            await send(.sourceLoaded(site: site, id: id, result: result))
        }
    }

    /// The comment read for an edit arrived: it keeps the site's source. When the site's text
    /// is not the one parley showed, the comment takes the site's text (and status), and the
    /// change someone else made is returned, to be marked and logged as any found by the
    /// refresh.
    func sourceLoaded(site: SiteID, id: Int, result: Result<Comment, CommentsError>, in state: inout CommentsState) -> SiteChange? {
        switch result {
        case .success(let comment):
            guard let raw = comment.contentRaw else {
                state.publish(site: site, .error, "The site did not send the comment's source: you may not be allowed to edit it.")
                return nil
            }
            guard let entry = state.comments[site]?[id] else { return nil }
            let textChanged = entry.contentRaw.map { Self.trimmed($0) != Self.trimmed(raw) }
                ?? (HTMLText.plainText(fromHTML: comment.contentHTML) != entry.text)
            guard textChanged, entry.mark == nil, !entry.isLocal else {
                state.comments[site]?.modify(id) { $0.contentRaw = raw }
                return nil
            }
            state.comments[site]?.modify(id) {
                $0.setContent(html: comment.contentHTML, raw: raw)
                $0.setStatus(comment.status)
            }
            return SiteChange(id: id, before: entry.status, after: comment.status, textChanged: true, noticed: now())
        case .failure(let error):
            state.publish(site: site, .error, "Could not load the comment to edit it: \(error)")
            return nil
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
