import Flux

/// The header's spinner: while the comments store is busy, an effect ticks on the services'
/// clock (``UIAction/tick`` every ``interval``); once it is not, the effect is cancelled, so
/// nothing wakes the process while nothing loads. ``UIState/isSpinning`` says whether the
/// effect runs: it starts when the state says it does not and should, and stops when the
/// reverse holds, so an action that changes neither costs no effect.
@MainActor
struct SpinnerReducer {
    /// How often the spinner turns.
    nonisolated static let interval: Duration = .milliseconds(100)
    /// Where its clock comes from (none: no spinner, as where no terminal shows one).
    let services: TerminalServices

    /// What to do about the ticks after an action led to `state`; `busy` reads whether the
    /// comments store is busy now (only when a clock is given).
    func effect(_ state: inout UIState, busy: @autoclosure () -> Bool) -> Effect<UIAction> {
        let clock = services.spinnerClock
        let turns = clock != nil && !state.isQuitting && busy()
        guard turns != state.isSpinning else { return .none }
        state.isSpinning = turns
        guard turns, let clock else { return .cancel(id: ID()) }
        return Effect.run { send in await Self.tick(on: clock, send) }
            .cancellable(id: ID(), cancelInFlight: true)
    }

    /// Sends a tick every ``interval`` from now until cancelled. The deadlines do not drift
    /// with the time each tick takes; a tick late by more than an interval (the main actor
    /// busy, the job stopped) is not made up for with a burst.
    nonisolated private static func tick<C: Clock<Duration>>(on clock: C, _ send: Send<UIAction>) async {
        var next = clock.now.advanced(by: interval)
        while (try? await clock.sleep(until: next, tolerance: nil)) != nil {
            await send(.tick)
            next = next.advanced(by: interval)
            if next < clock.now { next = clock.now.advanced(by: interval) }
        }
    }

    /// The id the ticks run under.
    private struct ID: Hashable, Sendable {}
}
