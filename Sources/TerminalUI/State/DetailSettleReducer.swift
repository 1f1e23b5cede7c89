import Flux
import CommentsKit

/// The detail pane's settle delay: while the pane lags the cursor, an effect sends
/// ``UIAction/settleDetail`` once the cursor has rested for `delay` on `clock`. Each move
/// re-arms it (the newest wins), and it is cancelled as soon as the pane is up to date,
/// so nothing wakes the process while nothing is pending. An action that changes nothing
/// here costs no effect.
@MainActor
struct DetailSettleReducer {
    /// How long the cursor must rest.
    let delay: Duration
    /// The clock it rests on (a `TestClock` in tests).
    let clock: any Clock<Duration>

    /// What to do about the timer after `action` led to `state`; `wasSettled`: whether
    /// the pane showed the cursor's comment before.
    func effect(after action: any Action, wasSettled: Bool, state: UIState) -> Effect<UIAction> {
        if state.isDetailSettled {
            return wasSettled ? .none : .cancel(id: ID())
        }
        let isMove = if case UIAction.move = action { true } else { false }
        guard isMove || wasSettled else { return .none }
        let clock = self.clock, delay = self.delay
        return Effect.run { send in
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            await send(.settleDetail)
        }
        .cancellable(id: ID(), cancelInFlight: true)
    }

    /// Whether `action` may leave the detail pane behind the cursor: a list move (the pane
    /// catches up when the keys stop, so holding `j` repaints only the list), a spinner
    /// tick, a draft written, the search's texts folded, a page the cursor asked for,
    /// what the site answers and the spam scores' answers. Anything else the user asks for brings the pane up to date
    /// at once.
    nonisolated static func keepsDetailLag(_ action: any Action, focus: Pane) -> Bool {
        switch action {
        case UIAction.move: focus == .list
        case UIAction.tick, UIAction.draftWritten, UIAction.frame, FilterAction.searchTextsFolded: true
        case CommentsAction.loadMore, CommentsAction.loadEnd, CommentsAction.pageLoaded, CommentsAction.writeFinished,
             CommentsAction.sourceLoaded, CommentsAction.postLoaded, CommentsAction.credentialsChecked,
             CommentsAction.spamScored, CommentsAction.spamExplained: true
        default: false
        }
    }

    /// The id the timer runs under.
    private struct ID: Hashable, Sendable {}
}
