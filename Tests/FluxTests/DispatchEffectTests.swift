import Testing
import Flux

/// `Effect.dispatch`: a store asks another store for something as a value its reducer
/// returns; the action is dispatched after the current one and its notifications.
@MainActor
@Suite struct DispatchEffectTests {
    private enum Ask: Action { case pleaseCount }

    @Test func anotherStoresActionLeavesAfterTheCurrentOneIsNotified() {
        let dispatcher = Dispatcher()
        let journal = Journal()
        let asking = FluxStore(initialState: 0, dispatcher: dispatcher) { (state: inout Int, _: Ask) in
            state += 1
            return .dispatch(CounterAction.increment)
        }
        let counter = CounterStore(dispatcher: dispatcher)
        let askingReceipt = asking.subscribe { _, new in journal.entries.append("asking notified: \(new)") }
        let counterReceipt = counter.subscribe { _, new in journal.entries.append("counter: \(new)") }
        dispatcher.dispatch(Ask.pleaseCount)
        #expect(journal.entries == ["asking notified: 1", "counter: 1"])
        askingReceipt.cancel()
        counterReceipt.cancel()
    }

    @Test func aReplayDispatchesNothingAnEffectAsksFor() {
        let dispatcher = Dispatcher()
        dispatcher.effectPolicy = .suppress
        let asking = FluxStore(initialState: 0, dispatcher: dispatcher) { (state: inout Int, _: Ask) in
            state += 1
            return .dispatch(CounterAction.increment)
        }
        let counter = CounterStore(dispatcher: dispatcher)
        dispatcher.dispatch(Ask.pleaseCount)
        #expect(asking.state == 1)
        #expect(counter.state == 0)
    }
}
