// What any code may do with a FluxStore: read, subscribe, dispatch.
import Flux

enum Step: Action { case up }

@MainActor
func allowed(dispatcher: Dispatcher) -> Int {
    let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, _: Step) in
        count += 1
        return .none
    }
    let receipt = store.subscribe { _, _ in }
    dispatcher.dispatch(Step.up)
    receipt.cancel()
    return store.state
}
