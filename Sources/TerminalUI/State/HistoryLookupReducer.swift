import Flux
import CommentsKit

/// Asks for the histories of the addresses of the comment the detail pane shows (a
/// moderator's first look: has this e-mail or IP written here before?). The comments store
/// asks the site once per address and keeps the answer until it may have changed (a write,
/// a new comment from the address, a reload, the site back after it could not count), so
/// this only says what is wanted: when the pane moves to another comment, or after an
/// action that may have brought facts or made the store forget a history. Only the shown
/// comment's addresses are asked: forgotten ones elsewhere wait until the pane shows them.
@MainActor
struct HistoryLookupReducer {
    let inputs: UIInputs

    /// After `action`, with the pane showing `state.detailID` (before: `previousDetail`):
    /// the look-ups to ask the comments store for, one per address it has no history of.
    func request(after action: any Action, previousDetail: Int?, state: UIState) -> Effect<UIAction> {
        guard let id = state.detailID, let site = state.site else { return .none }
        guard id != previousDetail || Self.mayNeedLookups(action) else { return .none }
        let comments = inputs.comments.state
        // Offline the login is never checked, but the replica's facts are shown: the store
        // answers that it cannot count them.
        guard comments.access(of: site) == .moderator || comments.outbox.offline.contains(site),
              let facts = comments.comments[site]?[id]?.facts else { return .none }
        return .merge(facts.addresses.filter { comments.addressHistories[site]?[$0] == nil }.map {
            .dispatch(CommentsAction.lookUpHistory(site: site, address: $0))
        })
    }

    /// The login check (which makes a moderator), the answers that carry facts, and those
    /// after which the store forgets histories: a write's answer, a poll's (new comments),
    /// a reload, and any answer of the site (what it could not count).
    private static func mayNeedLookups(_ action: any Action) -> Bool {
        switch action {
        case CommentsAction.credentialsChecked, CommentsAction.factsLoaded, CommentsAction.pageLoaded,
             CommentsAction.writeFinished, CommentsAction.polled, CommentsAction.refresh, CommentsAction.countsLoaded: true
        default: false
        }
    }
}
