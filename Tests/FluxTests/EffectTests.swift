import Testing
import Flux
import FluxTesting

enum LoadAction: Action, Equatable { case started, loaded(Int), failed, cancelled }

@MainActor
@Suite struct EffectTests {
    /// `merge` leaves the `none`s out: a reducer merges what its parts returned without
    /// checking each, and nothing merged is still `none`, which the runner skips.
    @Test func mergingLeavesNoneOut() {
        #expect(Effect<LoadAction>.merge(.none, .none).isNone)
        #expect(Effect<LoadAction>.merge([]).isNone)
        #expect(!Effect<LoadAction>.merge(.none, .send(.started)).isNone)
        #expect(!Effect<LoadAction>.merge(.send(.started), .send(.failed)).isNone)
    }

    let dispatcher = Dispatcher()

    @Test func fluxStoreIsAReduxStore() {
        let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, action: CounterAction) in
            switch action {
            case .increment: count += 1
            case .add(let n): count += n
            case .reset: count = 0
            }
            return .none
        }
        dispatcher.dispatch(CounterAction.add(5))
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(LoadAction.started)
        #expect(store.state == 6)
    }
}
