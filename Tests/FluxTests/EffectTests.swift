import Testing
import Flux
import FluxTesting

enum LoadAction: Action, Equatable { case started, loaded(Int), failed }

@MainActor
@Suite struct EffectTests {
    let dispatcher = Dispatcher()

    @Test func effectDispatchesOverTimeAndReadsState() async {
        let counter = CounterStore(dispatcher: dispatcher)
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(CounterAction.add(41))
        let handle = dispatcher.run { context in
            await context.dispatch(LoadAction.started)
            let current = await context.state(of: counter)
            await context.dispatch(LoadAction.loaded(current + 1))
        }
        await handle.finish()
        #expect(log.actions(of: LoadAction.self) == [.started, .loaded(42)])
    }

    @Test func cancelledEffectStopsBetweenSteps() async throws {
        let log = ActionLog(on: dispatcher)
        let gate = AsyncGate()
        let handle = dispatcher.run { context in
            await context.dispatch(LoadAction.started)
            await gate.wait()
            if context.isCancelled { return }
            await context.dispatch(LoadAction.loaded(1))
        }
        _ = try await log.first(LoadAction.self) { $0 == .started }
        handle.cancel()
        await gate.open()
        await handle.finish()
        #expect(handle.isCancelled)
        #expect(log.actions(of: LoadAction.self) == [.started])
    }

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
