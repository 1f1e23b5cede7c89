import Testing
import Flux
import FluxTesting

@MainActor
@Suite struct StatefulStoreTests {
    let dispatcher = Dispatcher()

    @Test func everyMutationEmitsOneChangeWithOldAndNew() {
        let counter = CounterStore(dispatcher: dispatcher)
        let history = StateHistory(of: counter)
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(CounterAction.add(5))
        #expect(history.changes.map(\.old) == [0, 1])
        #expect(history.changes.map(\.new) == [1, 6])
    }

    @Test func equalStateEmitsNothing() {
        let counter = CounterStore(dispatcher: dispatcher)
        let history = StateHistory(of: counter)
        dispatcher.dispatch(CounterAction.add(0))
        dispatcher.dispatch(CounterAction.reset)
        #expect(history.changes.isEmpty)
    }

    @Test func nonEquatableStateEmitsOnEveryWrite() {
        struct Opaque { var n = 0 }
        let store = ReducerStore(initialState: Opaque(), dispatcher: dispatcher) { (_: inout Opaque, _: CounterAction) in }
        let history = StateHistory(of: store)
        dispatcher.dispatch(CounterAction.reset)
        #expect(history.changes.count == 1)
    }

    @Test func transactionBatchesManyWritesIntoOneChange() {
        let store = ReducerStore(initialState: [Int](), dispatcher: dispatcher) { (list: inout [Int], action: CounterAction) in
            if case .add(let n) = action { list.append(n) }
        }
        var listenerCalls = 0
        let receipt = store.addListener { listenerCalls += 1 }
        let history = StateHistory(of: store)
        final class Batch: StatefulStore<[Int]> {
            func fill() { batch { for n in 1...3 { transaction { $0.append(n) }; mutate { $0.append(n * 10) } } } }
        }
        let batch = Batch(initialState: [], dispatcher: dispatcher)
        let batchHistory = StateHistory(of: batch)
        batch.fill()
        #expect(batchHistory.changes.count == 1)
        #expect(batchHistory.latest == [1, 10, 2, 20, 3, 30])
        dispatcher.dispatch(CounterAction.add(1))
        #expect(history.states == [[1]])
        #expect(listenerCalls == 1)
        _ = receipt
    }

    @Test func releasedReceiptEndsTheSubscription() {
        let counter = CounterStore(dispatcher: dispatcher)
        var calls = 0
        var receipt: Receipt? = counter.subscribe { _, _ in calls += 1 }
        dispatcher.dispatch(CounterAction.increment)
        weak let weakReceipt = receipt
        receipt = nil
        dispatcher.dispatch(CounterAction.increment)
        #expect(calls == 1)
        #expect(weakReceipt == nil)
        #expect(counter.subscriberCount == 0)
    }

    @Test func cancelledReceiptEndsTheSubscriptionAtOnce() {
        let counter = CounterStore(dispatcher: dispatcher)
        var calls = 0
        let receipt = counter.addListener { calls += 1 }
        receipt.cancel()
        receipt.cancel()
        dispatcher.dispatch(CounterAction.increment)
        #expect(calls == 0)
        #expect(receipt.isCancelled)
    }

    @Test func subscriberThatCancelsItselfDuringNotificationIsSafe() {
        let counter = CounterStore(dispatcher: dispatcher)
        var receipts: [Receipt] = []
        var calls = 0
        for _ in 0..<3 {
            counter.subscribe { _, _ in calls += 1; receipts.removeAll() }.store(in: &receipts)
        }
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(CounterAction.increment)
        // The first subscriber ended all three subscriptions: the other two are not called
        // for that change, since a cancelled subscriber is never called afterwards.
        #expect(calls == 1)
    }

    @Test func storeWithLiveSubscriptionsIsStillFreed() {
        weak var weakStore: CounterStore?
        var receipt: Receipt?
        do {
            let store = CounterStore(dispatcher: dispatcher)
            weakStore = store
            receipt = store.subscribe { _, _ in }
        }
        #expect(weakStore == nil)
        receipt = nil
        _ = receipt
    }

    @Test func timeTravelRestoreNotifiesSubscribers() {
        let counter = CounterStore(dispatcher: dispatcher)
        let history = StateHistory(of: counter)
        counter.restore(7)
        counter.restore("not an Int")
        #expect(history.states == [7])
    }
}
