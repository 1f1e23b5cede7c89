import Flux
import CommentsKit

/// Fresh without `R` in the interface (issue 27): on a site kept fresh (polling on), the
/// comment under the cursor is re-read from the site once the cursor has rested on it for ``delay`` (an effect on the store's
/// clock, re-armed by each move, so holding `j` asks nothing), and a row marked "changed
/// on the site" is seen once the cursor leaves it.
@MainActor
struct FreshnessReducer {
    let inputs: UIInputs
    /// How long the cursor rests before its comment is re-read.
    let delay: Duration
    /// The clock it rests on (a `TestClock` in tests).
    let clock: any Clock<Duration>

    /// How long the cursor rests before its comment is re-read, unless told.
    static let defaultDelay: Duration = .seconds(1)

    /// After every action: when the cursor left a comment, its change on the site (if any)
    /// was seen; when it came to another comment, the timer is armed again.
    func follow(previousCursor: Int?, previousSite: SiteID?, state: UIState) -> Effect<UIAction> {
        guard previousCursor != state.cursor || previousSite != state.site else { return .none }
        var effect = Effect<UIAction>.none
        if let site = previousSite, let left = previousCursor, inputs.comments.state.siteChanges[site]?[left] != nil {
            effect = .dispatch(CommentsAction.siteChangesSeen(site: site, ids: [left]))
        }
        // Only on a site kept fresh (polling on): elsewhere nothing is re-read behind the user's back.
        guard let cursor = state.cursor, cursor > 0, let site = state.site, inputs.comments.state.sweeps[site] != nil else {
            return effect.combined(with: .cancel(id: RestTimer()))
        }
        let clock = self.clock, delay = self.delay
        return effect.combined(with: Effect.run { send in
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            await send(.cursorRested)
        }
        .cancellable(id: RestTimer(), cancelInFlight: true))
    }

    /// The cursor rested: its comment is re-read.
    func rested(_ state: UIState) -> Effect<UIAction> {
        guard let site = state.site, let cursor = state.cursor, cursor > 0 else { return .none }
        return .dispatch(CommentsAction.recheck(site: site, id: cursor))
    }

    /// The id the rest timer runs under.
    private struct RestTimer: Hashable, Sendable {}
}
