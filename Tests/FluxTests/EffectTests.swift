import Testing
import Flux
import FluxTesting

enum LoadAction: Action, Equatable { case started, loaded(Int), failed, cancelled }

@MainActor
@Suite struct EffectTests {
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

/// A one-shot gate an effect can wait behind.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}
