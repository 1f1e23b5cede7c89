import CommentsKit

/// What the keys do to the comment under the cursor, and quitting.
extension UIStore {
    /// Handles the keys that act on the comment under the cursor, and quitting; false for
    /// any other action.
    func handleCommand(_ action: UIAction) -> Bool {
        switch action {
        case .reply: reply()
        case .edit: edit()
        case .trash: trash()
        case .deletePermanently: askToDelete()
        case .moderate(let moderation): moderate(moderation)
        case .answer(let yes): answer(yes: yes)
        case .quit: quit()
        default: return false
        }
        return true
    }

    /// Follows what the comments store did: the cursor goes to what an undo or a rollback
    /// brought back, the quit hint counts the writes left, the editor opens on a source
    /// that arrived.
    func followComments(_ action: CommentsAction) {
        switch action {
        case .undo: followUndo()
        case .writeFinished(let operation, _):
            followRollback(of: operation)
            quitHintAfterWrites()
        case .sourceLoaded(let site, let id, let result): sourceLoaded(site: site, id: id, succeeded: (try? result.get()) != nil)
        default: break
        }
    }

    // MARK: Reply and edit

    /// `r`: the reply editor under the comment (with its draft, if one was kept). On a
    /// reply that failed to post, the editor opens with that reply's text, to fix or send
    /// again.
    private func reply() {
        guard let site = state.site, let entry = selectedEntry else { return hint("No comment selected.") }
        if entry.isLocal {
            guard case .failed? = entry.mark else { return hint("That reply is still being sent.") }
            let text = entry.contentRaw ?? entry.text
            let purpose = Composer.Purpose.reply(post: entry.post, parent: entry.parent, replacing: entry.id)
            return openComposer(Composer(site: site, purpose: purpose, editor: TextEditor(text: text)))
        }
        let draft = drafts?.load(site: site, .reply(parent: entry.id)) ?? ""
        openComposer(Composer(site: site, purpose: .reply(post: entry.post, parent: entry.id), editor: TextEditor(text: draft)))
        if !draft.isEmpty { hint("Draft restored.") }
    }

    /// `e`: edits one's own comment, starting from its source (`content.raw`), which is
    /// loaded first when the list did not carry it — editing the rendering turned into text
    /// would quietly rewrite the author's markup.
    private func edit() {
        guard let site = state.site, let entry = selectedEntry, !entry.isLocal else { return hint("No comment selected.") }
        guard let me = comments.state.currentUsers[site], me.id == entry.author else {
            return hint("You can only edit your own comments.")
        }
        guard entry.mark == nil else { return hint("Wait: a change to that comment is still on its way.") }
        if let text = unsentEdit(site: site, id: entry.id) ?? entry.contentRaw {
            return openComposer(Composer(site: site, purpose: .edit(id: entry.id), editor: TextEditor(text: text)))
        }
        mutate { $0.pendingEdit = entry.id }
        hint("Loading the comment's source…")
        dispatcher.dispatch(CommentsAction.loadSource(site: site, id: entry.id))
    }

    /// The source asked for by `e` arrived: open the editor if the user still waits for it.
    private func sourceLoaded(site: SiteID, id: Int, succeeded: Bool) {
        guard state.pendingEdit == id, state.site == site else { return }
        mutate { $0.pendingEdit = nil }
        guard succeeded, state.cursor == id, case .normal = state.mode,
              let raw = comments.state.comments[site]?[id]?.contentRaw else { return }
        clearHint()
        openComposer(Composer(site: site, purpose: .edit(id: id), editor: TextEditor(text: raw)))
    }

    /// Text of an earlier edit of `id` that the site refused or parley could not send.
    private func unsentEdit(site: SiteID, id: Int) -> String? {
        if let unsent = comments.state.unsentEdit, unsent.site == site, unsent.id == id { return unsent.text }
        return drafts?.load(site: site, .edit(id: id))
    }

    private func openComposer(_ composer: Composer) {
        mutate { state in
            state.mode = .compose(composer)
            state.isDetailOpen = false
            state.focus = .list
            state.isHelpVisible = false
        }
    }

    // MARK: Moderation and deletion

    /// `d`: trash at once (undoable). On a reply that failed to post, asks before throwing
    /// its text away (the discard question: only Ctrl-X discards).
    private func trash() {
        guard let site = state.site, let entry = selectedEntry else { return hint("No comment selected.") }
        if entry.isLocal {
            guard case .failed? = entry.mark else { return hint("That reply is still being sent.") }
            let confirmation = Confirmation(
                question: "Discard this unsent reply? It stays the last draft: r on its comment brings it back.",
                choices: DialogView.discardChoices(keep: "keep it"),
                purpose: .discardReply(site: site, localID: entry.id))
            return mutate { $0.mode = .confirm(confirmation) }
        }
        dispatcher.dispatch(CommentsAction.trash(site: site, id: entry.id))
    }

    /// `D`: asks, then deletes for good.
    private func askToDelete() {
        guard let site = state.site, let entry = selectedEntry, !entry.isLocal else { return hint("No comment selected.") }
        let author = TextSanitizer.singleLine(entry.authorName)
        let whose = author.isEmpty ? "this comment" : "the comment by \(author)"
        let confirmation = Confirmation(
            question: "Delete \(whose) permanently? It cannot be undone.",
            choices: "y  delete for good      n  keep it",
            purpose: .deletePermanently(site: site, id: entry.id))
        mutate { $0.mode = .confirm(confirmation) }
    }

    private func moderate(_ moderation: Moderation) {
        guard let site = state.site, let entry = selectedEntry else { return hint("No comment selected.") }
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: entry.id, to: moderation))
    }

    /// After `z`, the cursor goes to the comment whose change was undone (when it is on
    /// the site shown; the notice names the other site otherwise).
    private func followUndo() {
        clearHint()
        guard let step = comments.state.lastUndo, step.site == state.site else { return }
        mutate { $0.cursor = step.id }
    }

    /// A trash, moderation or deletion was rolled back: the cursor and the detail pane go
    /// back to its comment, on the site shown, unless an editor or a question is open
    /// (their keys do not act on the cursor, and moving it would move the editor).
    private func followRollback(of operation: Int) {
        guard let rollback = comments.state.lastRollback, rollback.operation == operation,
              rollback.site == state.site, case .normal = state.mode else { return }
        mutate { state in
            state.cursor = rollback.id
            state.detailID = rollback.id
            state.detailScroll = 0
        }
    }

    /// y / n to the open question.
    private func answer(yes: Bool) {
        switch state.mode {
        case .confirm(let confirmation):
            mutate { $0.mode = .normal }
            guard yes else { return }
            // Discarding text is the discard question's (Ctrl-X), never a letter's.
            if case .deletePermanently(let site, let id) = confirmation.purpose {
                dispatcher.dispatch(CommentsAction.deletePermanently(site: site, id: id))
            }
        default:
            break
        }
    }

    // MARK: Quitting

    /// `q`: keeps every unsent text as a draft — the open editor's, and every reply that
    /// failed or is still on its way — then quits. While changes are still being sent, the
    /// first `q` says so and a second one quits.
    private func quit() {
        let inFlight = comments.state.writesInFlight
        if inFlight > 0, !state.isQuitArmed {
            mutate { $0.isQuitArmed = true }
            return hint(Self.stillSendingHint(inFlight))
        }
        let problems = keepUnsentTextAsDrafts()
        if problems > 0 {
            mutate { $0.isQuitArmed = true }
            return hint("Could not save \(problems) draft\(problems == 1 ? "" : "s") under \(drafts?.directory.path ?? "the state directory"): quitting would lose text. Fix it or press q again.")
        }
        mutate { $0.isQuitting = true }
    }

    /// What the first `q` says while `count` writes are on their way.
    private static func stillSendingHint(_ count: Int) -> String {
        "\(count) change\(count == 1 ? " is" : "s are") still being sent" + stillSendingTail
    }

    private static let stillSendingTail = ": q again quits anyway (unsent replies are kept as drafts)."

    /// A write ended while a first `q` waits for a second: the hint counts again, and once
    /// nothing is in flight it goes (a `q` then quits at once, so nothing is left to arm).
    private func quitHintAfterWrites() {
        guard state.isQuitArmed, let hint = state.hint, hint.hasSuffix(Self.stillSendingTail) else { return }
        let inFlight = comments.state.writesInFlight
        if inFlight > 0 {
            self.hint(Self.stillSendingHint(inFlight))
        } else {
            mutate { state in
                state.isQuitArmed = false
                state.hint = nil
            }
        }
    }

    /// Saves unsent text; returns how many drafts could not be written.
    private func keepUnsentTextAsDrafts() -> Int {
        guard let drafts else { return 0 }
        var failures = 0
        for site in comments.state.sites.map(\.id) {
            for entry in comments.state.comments(of: site).localEntries {
                let text = entry.contentRaw ?? entry.text
                do { try drafts.save(text, site: site, .reply(parent: entry.parent)) } catch { failures += 1 }
            }
        }
        if case .compose(let composer) = state.mode {
            if composer.editor.isBlank {
                drafts.remove(site: composer.site, composer.draftKey)
            } else {
                do { try drafts.save(composer.editor.text, site: composer.site, composer.draftKey) } catch { failures += 1 }
            }
        }
        // A second q after a failed save quits anyway: the user was told.
        return state.isQuitArmed && failures > 0 ? 0 : failures
    }
}
