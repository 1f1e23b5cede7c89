import Flux
import CommentsKit

/// The outbox overlay's keys (issue 14): `Q` opens and closes it, `j`/`k` move its
/// highlight, `d`/`x` drop the highlighted entry (the comments store undoes its change;
/// an entry on its way cannot be dropped, and the store says so) or dismiss one the site
/// refused. A dropped or refused reply's text is kept as the draft of a reply to the same
/// comment: nothing typed is lost, and `r` on that comment brings it back.
@MainActor
struct OutboxReducer {
    let inputs: UIInputs
    let drafts: DraftReducer

    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        let listed = inputs.comments.state.outbox.listed
        let count = listed.count
        switch action {
        case .toggleOutbox:
            state.outboxHighlight = state.outboxHighlight == nil ? 0 : nil
        case .moveInOutbox(let move):
            guard let highlight = state.outboxHighlight, count > 0 else { return .none }
            let current = min(highlight, count - 1)
            let target = switch move {
            case .up: current - 1
            case .down: current + 1
            case .top, .pageUp, .halfPageUp: 0
            case .bottom, .pageDown, .halfPageDown: count - 1
            }
            state.outboxHighlight = min(max(0, target), count - 1)
        case .dropQueued:
            guard let highlight = state.outboxHighlight, count > 0 else { return .none }
            let item = listed[min(highlight, count - 1)]
            let drop = Effect<UIAction>.dispatch(CommentsAction.dropOutboxEntry(number: item.number))
            guard item.phase == .queued || item.phase == .refused, case let .reply(_, _, parent, text, _) = item.write else { return drop }
            return drop.combined(with: drafts.keep(text, as: DraftRef(site: item.site, .reply(parent: parent)), &state))
        default:
            break
        }
        return .none
    }
}
