import Testing
import Flux
import FluxTesting

/// A view that captures itself unowned in its subscription, as TerminalUI's do.
@MainActor
final class UnownedView {
    private var receipt: Receipt?
    private(set) var redraws = 0

    init(observing store: CounterStore) {
        receipt = store.subscribe { [unowned self] _, _ in self.redraws += 1 }
    }
}

/// An earlier subscriber releases a view whose subscription captures it unowned; the
/// view must not be called for that change. Before the fix the process crashed here
/// ("Attempted to read an unowned reference but object … was already destroyed").
@MainActor
func releaseAViewFromAnEarlierSubscriber() {
    let dispatcher = Dispatcher()
    let counter = CounterStore(dispatcher: dispatcher)
    var view: UnownedView?
    let closer = counter.subscribe { _, _ in view = nil }
    view = UnownedView(observing: counter)
    dispatcher.dispatch(CounterAction.increment)
    precondition(view == nil)
    _ = closer
}

@MainActor
@Suite struct NotificationOrderTests {
    let dispatcher = Dispatcher()

    // MARK: A subscriber ended during a notification is not called afterwards

    @Test func subscriberCancelledByAnEarlierOneIsNotCalled() {
        let counter = CounterStore(dispatcher: dispatcher)
        var seen: [Int] = []
        var later: Receipt?
        let earlier = counter.subscribe { _, _ in later?.cancel() }
        later = counter.subscribe { _, new in seen.append(new) }
        dispatcher.dispatch(CounterAction.increment)
        #expect(seen == [])
        _ = earlier
    }

    @Test func listenerCancelledByAnEarlierOneIsNotCalled() {
        let counter = CounterStore(dispatcher: dispatcher)
        var calls = 0
        var later: Receipt?
        let earlier = counter.addListener { later?.cancel() }
        later = counter.addListener { calls += 1 }
        dispatcher.dispatch(CounterAction.increment)
        #expect(calls == 0)
        _ = earlier
    }

    @Test func keyedSubscriberCancelledByAnEarlierOneIsNotCalled() {
        let counter = CounterStore(dispatcher: dispatcher)
        var seen: [Int] = []
        var later: Receipt?
        let earlier = counter.observe(key: "k", { $0 }) { _ in later?.cancel() }
        later = counter.observe(key: "k", { $0 }) { seen.append($0) }
        dispatcher.dispatch(CounterAction.increment)
        #expect(seen == [])
        _ = earlier
    }

    @Test func subscriberAddedDuringANotificationWaitsForTheNextChange() {
        let counter = CounterStore(dispatcher: dispatcher)
        var seen: [Int] = []
        var added: Receipt?
        let adder = counter.subscribe { _, _ in
            if added == nil { added = counter.subscribe { _, new in seen.append(new) } }
        }
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(CounterAction.increment)
        #expect(seen == [2])
        _ = adder
    }

    @Test func viewReleasedByAnEarlierSubscriberIsNotCalled() async {
        await #expect(processExitsWith: .success) {
            await releaseAViewFromAnEarlierSubscriber()
        }
    }

    // MARK: A dispatch from a subscriber follows the change, whatever caused it

    @Test func dispatchFromASubscriberDuringTimeTravelFollowsTheRestoredChange() {
        let counter = CounterStore(dispatcher: dispatcher)
        let recorder = RecorderMiddleware(stores: [counter])
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.add(1))
        var seen: [Int] = []
        // Going back to 0 makes this subscriber ask for 5 more.
        let reacting = counter.subscribe { _, new in
            if new == 0 { counter.dispatcher.dispatch(CounterAction.add(5)) }
        }
        let watching = counter.subscribe { _, new in seen.append(new) }
        recorder.back()
        #expect(seen == [0, 5])
        #expect(seen.last == counter.state)
        _ = (reacting, watching)
    }

    @Test func dispatchFromAListenerDuringTimeTravelFollowsTheNotification() {
        let counter = CounterStore(dispatcher: dispatcher)
        let recorder = RecorderMiddleware(stores: [counter])
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.add(1))
        var order: [String] = []
        // Going back to 0 makes the first listener ask for 5 more; the second must still
        // be told of 0 before anyone hears of 5.
        let first = counter.addListener {
            order.append("first \(counter.state)")
            if counter.state == 0 { counter.dispatcher.dispatch(CounterAction.add(5)) }
        }
        let second = counter.addListener { order.append("second \(counter.state)") }
        recorder.back()
        #expect(order == ["first 0", "second 0", "first 5", "second 5"])
        _ = (first, second)
    }
}
