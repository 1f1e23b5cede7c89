import Flux
import CommentsKit

/// Quitting, which never loses text: `q` keeps every unsent text as a draft — the open
/// editor's, and every reply that failed or is still on its way — and quits once the
/// drafts are written; if one cannot be (the state directory cannot be written), it asks
/// first. While changes are still being sent, the first `q` says so and a second quits.
@MainActor
struct QuitReducer {
    let inputs: UIInputs
    let drafts: DraftReducer

    /// Handles `q` and the answers of the drafts' writes; other actions change nothing here.
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .quit:
            return quit(&state)
        case .draftWritten(let site, let key, let revision, let succeeded):
            draftWritten(DraftRef(site: site, key), revision: revision, succeeded: succeeded, &state)
        default:
            break
        }
        return .none
    }

    /// Follows the comments store: a write that ended changes what the quit hint counts.
    func follow(_ action: CommentsAction, _ state: inout UIState) -> Effect<UIAction> {
        if case .writeFinished = action { quitHintAfterWrites(&state) }
        return .none
    }

    // MARK: Quitting

    private func quit(_ state: inout UIState) -> Effect<UIAction> {
        if state.isQuitPending {
            // Asked again while the drafts are being written: the user insists.
            state.isQuitting = true
            return .none
        }
        let inFlight = inputs.comments.state.writesInFlight
        var stop = Effect<UIAction>.none
        if let run = inputs.comments.state.bulk {
            // A bulk action: a first q says how far it got; a second sends nothing more.
            guard state.isQuitArmed else {
                state.isQuitArmed = true
                state.hint = "\(run.verb) is running: \(count: run.succeeded.count) of \(count: run.total) done. \(inputs.keyMap.say("quit")) again stops it (nothing more is sent) and quits."
                return .none
            }
            stop = .dispatch(CommentsAction.stopBulk)
        }
        if inFlight > 0, !state.isQuitArmed {
            state.isQuitArmed = true
            state.hint = stillSendingHint(inFlight)
            return stop
        }
        // Writes waiting in the outbox (issue 14) are kept for the next start: said once.
        let queued = inputs.comments.state.outbox.count
        if queued > 0, !state.isQuitArmed {
            state.isQuitArmed = true
            state.hint = "\(count: queued) write\(queued == 1 ? "" : "s") queued will be sent at the next start: \(inputs.keyMap.say("quit")) again quits."
            return stop
        }
        let writes = keepUnsentText(&state)
        quitOnceDraftsAreWritten(&state)
        return stop.combined(with: writes)
    }

    /// Keeps every unsent text as a draft: the open editor's (a blank one forgets its
    /// draft), and every reply that failed or is on its way; and tries again to write the
    /// drafts that could not be.
    private func keepUnsentText(_ state: inout UIState) -> Effect<UIAction> {
        var writes: [Effect<UIAction>] = []
        for site in inputs.comments.state.sites.map(\.id) {
            // A queued reply is kept in the outbox, not as a draft: it would be sent twice.
            for entry in inputs.comments.state.comments(of: site).localEntries where entry.mark != .queued {
                let draft = DraftRef(site: site, .reply(parent: entry.parent))
                writes.append(drafts.keep(entry.contentRaw ?? entry.text, as: draft, &state))
            }
        }
        // An edit that did not get through, its editor closed: kept as the draft `e` opens.
        let comments = inputs.comments.state
        if let unsent = comments.unsentEdit {
            let draft = DraftRef(site: unsent.site, .edit(id: unsent.id))
            let editing = if case .compose(let composer) = state.mode { composer.draft == draft } else { false }
            if !editing { writes.append(drafts.keep(QuickEditForm.text(of: unsent, in: comments), as: draft, &state)) }
        }
        if case .compose(let composer) = state.mode {
            writes.append(composer.isUnchanged
                ? drafts.forget(composer.draft, &state)
                : drafts.keep(composer.editor.text, as: composer.draft, &state))
        }
        writes.append(drafts.retryUnwritten(&state))
        return writes.reduce(.none) { $0.combined(with: $1) }
    }

    /// Quits if every draft is on disk; waits while some are being written; asks first if
    /// one could not be (a second `q` quits anyway: the user was told).
    private func quitOnceDraftsAreWritten(_ state: inout UIState) {
        guard state.drafts.writesInFlight.isEmpty else {
            state.isQuitPending = true
            return
        }
        state.isQuitPending = false
        let unwritten = state.drafts.unwritten.count
        if unwritten > 0, !state.isQuitArmed {
            state.isQuitArmed = true
            state.hint = "Could not save \(unwritten) draft\(unwritten == 1 ? "" : "s") under \(drafts.directoryPath): quitting would lose text. Fix it or press \(inputs.keyMap.say("quit")) again."
            return
        }
        state.isQuitting = true
    }

    private func draftWritten(_ draft: DraftRef, revision: Int, succeeded: Bool, _ state: inout UIState) {
        drafts.written(draft, revision: revision, succeeded: succeeded, &state)
        if state.isQuitPending {
            quitOnceDraftsAreWritten(&state)
        } else if !succeeded, state.drafts.unwritten.contains(draft) {
            state.hint = "A draft could not be written under \(drafts.directoryPath): \(inputs.keyMap.say("reply")) still brings it back, and quitting asks before losing it."
        }
    }

    // MARK: The hint of a first q

    /// What the first `q` says while `count` writes are on their way.
    private func stillSendingHint(_ count: Int) -> String {
        "\(count: count) change\(count == 1 ? " is" : "s are") still being sent" + stillSendingTail
    }

    private var stillSendingTail: String { ": \(inputs.keyMap.say("quit")) again quits anyway (unsent replies are kept as drafts)." }

    /// A write ended while a first `q` waits for a second: the hint counts again, and once
    /// nothing is in flight it goes (a `q` then quits at once, so nothing is left to arm).
    private func quitHintAfterWrites(_ state: inout UIState) {
        guard state.isQuitArmed, let hint = state.hint, hint.hasSuffix(stillSendingTail) else { return }
        let inFlight = inputs.comments.state.writesInFlight
        if inFlight > 0 {
            state.hint = stillSendingHint(inFlight)
        } else {
            state.isQuitArmed = false
            state.hint = nil
        }
    }
}
