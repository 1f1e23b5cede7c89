import Testing
import Flux
import FluxTesting

/// What only ``StatefulStore`` has: writers that group changes, and a public restore.
/// What it shares with ``FluxStore`` (subscriptions, receipts, equality) is proved on a
/// FluxStore in `FluxStoreSubscriptionTests`. The store shape the app moves away from:
/// this file goes with it.
@MainActor
@Suite struct StatefulStoreTests {
    let dispatcher = Dispatcher()

    @Test func batchGroupsTransactionsAndMutationsIntoOneChange() {
        final class Batch: StatefulStore<[Int]> {
            func fill() { batch { for n in 1...3 { transaction { $0.append(n) }; mutate { $0.append(n * 10) } } } }
        }
        let batch = Batch(initialState: [], dispatcher: dispatcher)
        let history = StateHistory(of: batch)
        batch.fill()
        #expect(history.changes.count == 1)
        #expect(history.latest == [1, 10, 2, 20, 3, 30])
    }

    @Test func equalStateEmitsNothing() {
        let counter = CounterStore(dispatcher: dispatcher)
        let history = StateHistory(of: counter)
        dispatcher.dispatch(CounterAction.add(0))
        dispatcher.dispatch(CounterAction.reset)
        #expect(history.changes.isEmpty)
    }

    @Test func timeTravelRestoreNotifiesSubscribers() {
        let counter = CounterStore(dispatcher: dispatcher)
        let history = StateHistory(of: counter)
        counter.restore(7)
        counter.restore("not an Int")
        #expect(history.states == [7])
    }
}
