import Testing
import Flux
import FluxTesting

/// How a ``FluxStore``'s changes reach subscribers and listeners, and how receipts end
/// them.
@MainActor
@Suite struct FluxStoreSubscriptionTests {
    let dispatcher = Dispatcher()

    private func makeCounter() -> FluxStore<Int, CounterAction> {
        FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, action: CounterAction) in
            switch action {
            case .increment: count += 1
            case .add(let n): count += n
            case .reset: count = 0
            }
            return .none
        }
    }

    @Test func everyActionThatChangesTheStateEmitsOneChangeWithOldAndNew() {
        let counter = makeCounter()
        let history = StateHistory(of: counter)
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(CounterAction.add(5))
        #expect(history.changes.map(\.old) == [0, 1])
        #expect(history.changes.map(\.new) == [1, 6])
    }

    @Test func manyEditsInOneActionAreOneChange() {
        let store = FluxStore(initialState: [Int](), dispatcher: dispatcher) { (list: inout [Int], action: CounterAction) in
            if case .add(let n) = action {
                for step in 1...n { list.append(step); list.append(step * 10) }
            }
            return .none
        }
        var listenerCalls = 0
        let receipt = store.addListener { listenerCalls += 1 }
        let history = StateHistory(of: store)
        dispatcher.dispatch(CounterAction.add(3))
        #expect(history.states == [[1, 10, 2, 20, 3, 30]])
        #expect(listenerCalls == 1)
        _ = receipt
    }

    @Test func aNonEquatableStateEmitsOnEveryActionOfItsType() {
        struct Opaque { var n = 0 }
        let store = FluxStore(initialState: Opaque(), dispatcher: dispatcher) { (_: inout Opaque, _: CounterAction) in .none }
        let history = StateHistory(of: store)
        dispatcher.dispatch(CounterAction.reset)
        #expect(history.changes.count == 1)
    }

    @Test func releasedReceiptEndsTheSubscription() {
        let counter = makeCounter()
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

    @Test func cancelledReceiptEndsTheListenerAtOnce() {
        let counter = makeCounter()
        var calls = 0
        let receipt = counter.addListener { calls += 1 }
        receipt.cancel()
        receipt.cancel()
        dispatcher.dispatch(CounterAction.increment)
        #expect(calls == 0)
        #expect(receipt.isCancelled)
    }

    @Test func subscriberThatCancelsEveryoneDuringANotificationIsSafe() {
        let counter = makeCounter()
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

    @Test func aStoreWithLiveSubscriptionsIsStillFreed() {
        weak var weakStore: FluxStore<Int, CounterAction>?
        var receipt: Receipt?
        do {
            let store = makeCounter()
            weakStore = store
            receipt = store.subscribe { _, _ in }
        }
        #expect(weakStore == nil)
        receipt = nil
        _ = receipt
    }
}
