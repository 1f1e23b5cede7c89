import Testing
import Flux

/// A store whose reducer reads the store's own state, which the reducer has `inout`.
@MainActor
final class SelfReadingStore: FluxStore<Int, CounterAction> {
    init(dispatcher: Dispatcher) {
        weak var me: SelfReadingStore?
        super.init(initialState: 0, dispatcher: dispatcher) { count, _ in
            count += (me?.state ?? 0) + 1
            return .none
        }
        me = self
    }
}

@MainActor
func dispatchToASelfReadingStore() {
    let dispatcher = Dispatcher()
    let store = SelfReadingStore(dispatcher: dispatcher)
    dispatcher.dispatch(CounterAction.increment)
    _ = store
}

/// The state is half made while the reducer runs: reading it then is a bug the program
/// stops on, as Swift's exclusivity check stopped it before the store kept its own guard.
@MainActor
@Suite struct ReducerReadsItsOwnStoreTests {
    @Test func aReducerReadingItsOwnStoresStateStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await dispatchToASelfReadingStore()
        }
    }
}
