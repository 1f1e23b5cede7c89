import Flux

/// The user's answer to a write held because its comment changed on the site
/// (``HeldConflict``), for ``CommentsReducer``: write anyway, or leave it as the site has it.
///
/// Writing anyway does not resend the old request: the write is made again against the site
/// as the check found it (a moderation from the status the site has now, an edit over the
/// site's text), marked as confirmed over that change (``PendingWrite/overriding``), and
/// checked again before it is sent — should the comment have changed once more, the user
/// is asked again.
struct ConflictReducer: Sendable {
    let connections: [SiteID: SiteConnection]

    /// Yes: the held write goes again, over the change the user was told of.
    func override(_ number: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let held = take(number, in: &state) else { return .none }
        let site = held.site
        let change: WriteChange
        var origin = WriteOrigin.single
        switch held.change {
        case let .moderation(_, id, _, moderation, undoing):
            guard let (entry, _) = writable(site: site, id: id, verb: moderation.verb, in: &state) else { return .none }
            // An undo goes back to the status before parley's change from wherever the
            // comment is now: a restore only takes a comment out of the trash.
            let wanted = undoing.map { entry.status == .trash ? moderation : Self.moderation(to: $0.previousStatus) } ?? moderation
            change = .moderation(site: site, id: id, from: entry.status, to: wanted, undoing: undoing)
            if undoing != nil { origin = .undo }
        case let .deletion(_, id):
            guard writable(site: site, id: id, verb: "Delete", in: &state) != nil else { return .none }
            change = .deletion(site: site, id: id)
        case let .edit(_, id, _, text, author):
            guard let (entry, _) = writable(site: site, id: id, verb: "Edit", in: &state) else { return .none }
            change = .edit(site: site, id: id, previous: entry, text: text, author: author)
        case .reply(_, let localID, _):
            guard let entry = state.comments[site]?[localID], case .failed = entry.mark else { return .none }
            change = held.change
        }
        guard let client = connections[site]?.client else { return .none }
        let (operation, request) = WriteLifecycle.begin(change, from: origin, overriding: held.conflict, in: &state)
        return WriteLifecycle.send(operation, request, client: client)
    }

    /// No: the comment stays as the site has it; what the user wrote stays kept.
    func dismiss(_ number: Int, in state: inout CommentsState) {
        guard let held = take(number, in: &state) else { return }
        let topic = Notice.Topic.comment(held.commentID)
        switch held.change {
        case .edit:
            state.publish(site: held.site, topic: topic, .info, "Left as the site has it; your text is kept", next: .editAgain)
        case .reply:
            state.publish(site: held.site, topic: topic, .info, "Reply not posted; your text is kept", next: .retryOrDiscardReply)
        case .moderation, .deletion:
            state.publish(site: held.site, topic: topic, .info, "Left as the site has it.")
        }
    }

    /// The moderation that gives a comment `status`.
    private static func moderation(to status: CommentStatus) -> Moderation {
        switch status {
        case .approved: .approve
        case .hold: .hold
        case .spam: .spam
        case .trash: .trash
        }
    }

    /// Takes held conflict `number` off the list.
    private func take(_ number: Int, in state: inout CommentsState) -> HeldConflict? {
        guard let index = state.conflicts.firstIndex(where: { $0.number == number }) else { return nil }
        return state.conflicts.remove(at: index)
    }

    private func writable(site: SiteID, id: Int, verb: String, in state: inout CommentsState) -> (CommentEntry, WordPressClient)? {
        WriteLifecycle.writableEntry(site: site, id: id, doing: verb, client: connections[site]?.client, in: &state)
    }
}
