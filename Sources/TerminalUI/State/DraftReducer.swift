import Flux
import CommentsKit

/// Keeps unsent text: in the state at once (``UIState/drafts``: `r` brings it back, and
/// nothing typed is lost while parley runs), and on disk through an effect per write that
/// runs off the main actor and answers with ``UIAction/draftWritten(site:key:revision:succeeded:)``.
///
/// Each write is numbered; ``DraftStore`` skips a write older than one it carried out, so
/// the newest text of a draft wins on disk whatever order the tasks run in, and only the
/// newest write's answer counts. A write that fails, or any draft of a session whose state
/// directory cannot be written, stays in ``Drafts/unwritten``: quitting asks before losing it.
@MainActor
struct DraftReducer {
    /// Where drafts go; nil where there is none (benchmarks): the text stays in the state.
    let store: DraftStore?

    /// Where the drafts directory is, for messages.
    var directoryPath: String { store?.directory.path ?? "the state directory" }

    /// Keeps `text` as draft `ref`.
    func keep(_ text: String, as ref: DraftRef, _ state: inout UIState) -> Effect<UIAction> {
        guard state.drafts.texts[ref] != text || state.drafts.unwritten.contains(ref) else { return .none }
        state.drafts.texts[ref] = text
        return write(text, ref, &state)
    }

    /// Forgets draft `ref` (its reply was sent, or an edit was given up).
    func forget(_ ref: DraftRef, _ state: inout UIState) -> Effect<UIAction> {
        guard state.drafts.texts.removeValue(forKey: ref) != nil || state.drafts.unwritten.contains(ref) else { return .none }
        return write(nil, ref, &state)
    }

    /// Writes again every draft whose last write failed (quitting gives them another chance:
    /// the directory may have been fixed).
    func retryUnwritten(_ state: inout UIState) -> Effect<UIAction> {
        guard !state.drafts.isMemoryOnly else { return .none }
        var retries = Effect<UIAction>.none
        for ref in state.drafts.unwritten where state.drafts.writesInFlight[ref] == nil {
            retries = retries.combined(with: write(state.drafts.texts[ref], ref, &state))
        }
        return retries
    }

    /// A write ended: only the answer to a draft's newest write says whether it is on disk.
    func written(_ ref: DraftRef, revision: Int, succeeded: Bool, _ state: inout UIState) {
        guard state.drafts.writesInFlight[ref] == revision else { return }
        state.drafts.writesInFlight[ref] = nil
        if succeeded {
            state.drafts.unwritten.remove(ref)
        } else {
            state.drafts.unwritten.insert(ref)
        }
    }

    private func write(_ text: String?, _ ref: DraftRef, _ state: inout UIState) -> Effect<UIAction> {
        if state.drafts.isMemoryOnly {
            // Nowhere to write: a text is kept in memory only, a forgotten one has nothing to lose.
            if text == nil { state.drafts.unwritten.remove(ref) } else { state.drafts.unwritten.insert(ref) }
            return .none
        }
        guard let store else { return .none }
        state.drafts.lastWrite += 1
        let revision = state.drafts.lastWrite
        state.drafts.writesInFlight[ref] = revision
        return .run { send in
            let succeeded = (try? store.write(text, site: ref.site, ref.key, revision: revision)) != nil
            await send(.draftWritten(site: ref.site, key: ref.key, revision: revision, succeeded: succeeded))
        }
    }
}
