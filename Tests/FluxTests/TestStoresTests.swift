import Testing
import Flux
@testable import FluxTesting

/// A store that follows the README's counter (made with `handling:`, reading it through a
/// ``StateView``), the shape of an app's filter or UI store.
enum ParityEvent: Action, Equatable {
    /// Asks the counter for one more when it is odd: a `.dispatch` to another store.
    case evenUp
}

struct Parity: Equatable {
    var isEven = true
}

@MainActor
func parityReducer(following counter: StateView<Counter>) -> FluxStore<Parity, ParityEvent>.AnyActionReducer {
    { state, action in
        let count = counter.settledState.count
        state.isEven = count % 2 == 0
        if action as? ParityEvent == .evenUp, !state.isEven { return .dispatch(CounterEvent.increment) }
        return .none
    }
}

/// ``TestStores``: several stores on one dispatcher, one action's changes across them, and
/// ``TestStore/init(hosting:)``: a store made elsewhere, either way.
@MainActor
@Suite struct TestStoresTests {
    let clock = TestClock()
    let dispatcher = Dispatcher()
    let counter: FluxStore<Counter, CounterEvent>
    let parity: FluxStore<Parity, ParityEvent>

    init() {
        counter = FluxStore(initialState: Counter(), dispatcher: dispatcher, reducer: counterReducer(clock: clock))
        parity = FluxStore(initialState: Parity(), dispatcher: dispatcher, handling: parityReducer(following: StateView(counter)))
    }

    /// The example of ``TestStores``' documentation and of the DocC article.
    @Test func oneActionsChangesAcrossTheStoresAndWhatTheirEffectsSendBack() async {
        let stores = TestStores(counter, parity)
        await stores.send(CounterEvent.add(3)) {     // one action, its changes in every store
            $0[counter].count = 3
            $0[counter].history = [0]
            $0[parity].isEven = false
        }
        await stores.send(CounterEvent.incrementLater)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        await stores.receive(CounterEvent.increment) {
            $0[counter].count = 4
            $0[parity].isEven = true
        }
        await stores.finish()
    }

    @Test func anActionOneStoreDispatchesForAnotherIsReceivedWithItsChanges() async {
        dispatcher.dispatch(CounterEvent.add(1))    // set up before testing: not a step
        let stores = TestStores(counter, parity)
        await stores.send(ParityEvent.evenUp)
        await stores.receive(CounterEvent.increment) {
            $0[counter].count = 2
            $0[parity].isEven = true
        }
        await stores.finish()
    }

    @Test func anUnassertedChangeInAnyStoreFailsNamingIt() async {
        let stores = TestStores(counter, parity)
        await withKnownIssue {
            await stores.send(CounterEvent.add(1)) {
                $0[counter].count = 1
                $0[counter].history = [0]
            }
        } matching: { issue in
            let text = issue.description
            return text.contains("FluxStore<Parity, ParityEvent>:") && text.contains("−   - isEven: true") && text.contains("+   - isEven: false")
                && !text.contains("FluxStore<Counter, CounterEvent>:")
        }
        await stores.finish()
    }

    @Test func anActionSentBackAndNotReceivedFails() async {
        dispatcher.dispatch(CounterEvent.add(1))
        let stores = TestStores(counter, parity)
        await stores.send(ParityEvent.evenUp)
        await withKnownIssue {
            await stores.finish()
        } matching: { issue in
            issue.description.contains("not received: increment")
        }
    }

    @Test func anotherActionThanTheOneExpectedShowsHowTheyDiffer() async {
        let stores = TestStores(counter, parity)
        await stores.send(CounterEvent.incrementLater)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        await withKnownIssue {
            await stores.receive(CounterEvent.add(1))
        } matching: { issue in
            issue.description.contains("Received increment, expected add(1)")
        }
        await stores.finish()
    }

    @Test func anActionKnownByItsTypeAndATestIsReceived() async {
        let stores = TestStores(counter, parity)
        await stores.send(CounterEvent.incrementLater)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        let received = await stores.receive(CounterEvent.self, where: { $0 != .cancelLater }) {
            $0[counter].count = 1
            $0[parity].isEven = false
        }
        #expect(received == .increment)
        await stores.finish()
    }

    @Test func anActionNoStoreUnderTestHandlesFails() async {
        let stores = TestStores(counter)
        await withKnownIssue {
            await stores.send(ParityEvent.evenUp)
        } matching: { issue in
            issue.description.contains("did not reach the store under test")
        }
        #expect(parity.state.isEven, "the parity store, not under test, still got it")
    }

    @Test func theStatesNowAreReadByStore() {
        dispatcher.dispatch(CounterEvent.add(5))
        let stores = TestStores(counter, parity)
        #expect(stores.states[counter].count == 5)
        #expect(stores.states[parity].isEven == false)
    }

    // MARK: One store, made elsewhere

    @Test func aStoreMadeWithHandlingIsTestedAloneAndReceivesWhatItDispatches() async {
        dispatcher.dispatch(CounterEvent.add(1))
        let store = TestStore(hosting: parity)
        await store.send(.evenUp)
        await store.receive(CounterEvent.increment) { $0.isEven = true }
        await store.finish()
        #expect(counter.state.count == 2)
    }

    @Test func anAppsStoreSubclassIsTestedAsItIs() async {
        let store = TestStore(hosting: CounterStore(dispatcher: Dispatcher()))
        await store.send(.add(2)) { $0 = 2 }
        await store.send(.reset) { $0 = 0 }
        await store.finish()
    }

    // MARK: Diffs

    @Test func aDiffOfALargeStateShowsTheChangeWhereItIsAndElidesTheRest() {
        var expected = Counter()
        expected.history = Array(0..<200)
        var actual = expected
        actual.history[100] = -1
        let diff = StateDiff.lines(expected: expected, actual: actual)
        let lines = diff.split(separator: "\n")
        #expect(lines.contains("    ▿ history: 200 elements"), "the enclosing field is named")
        #expect(lines.contains("−     - 100"))
        #expect(lines.contains("+     - -1"))
        #expect(lines.contains { $0.contains("… (") }, "the unchanged elements are elided")
        #expect(lines.count < 20)
    }
}
