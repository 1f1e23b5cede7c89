import Testing
import Flux
import FluxTesting

@MainActor
@Suite struct FluxStoreTests {
    let dispatcher = Dispatcher()
    let clock = TestClock()
    let saved = SavedQueries()

    private func makeStore(search: @escaping @Sendable (String) async -> [String] = { [$0.uppercased()] }) -> FluxStore<SearchState, SearchAction> {
        let saved = saved
        let dependencies = SearchDependencies(clock: clock, search: search, save: { await saved.append($0) })
        return FluxStore(initialState: SearchState(), dispatcher: dispatcher, reducer: searchReducer(dependencies))
    }

    @Test func reducerChangesTheStateAndSubscribersHearOnce() async {
        let store = makeStore()
        let history = StateHistory(of: store)
        dispatcher.dispatch(SearchAction.queryChanged("a"))
        #expect(history.states == [SearchState(query: "a", isSearching: true)])
        dispatcher.dispatch(SearchAction.cancel)
    }

    @Test func noneStartsNothing() {
        let store = makeStore()
        #expect(Effect<SearchAction>.none.isNone)
        dispatcher.dispatch(SearchAction.results(["r"]))
        #expect(store.effectsInFlight == 0)
        #expect(store.state.results == ["r"])
    }

    @Test func actionsOfOtherTypesAndEqualStatesNotifyNobody() {
        let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, action: CounterAction) in
            if case .add(let n) = action { count += n }
            return .none
        }
        let history = StateHistory(of: store)
        dispatcher.dispatch(LoadAction.started)
        dispatcher.dispatch(CounterAction.add(0))
        dispatcher.dispatch(CounterAction.add(2))
        #expect(history.states == [2])
    }

    @Test func runSendsActionsBackThroughTheDispatcher() async throws {
        let store = makeStore()
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(SearchAction.queryChanged("flux"))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(300))
        let state = try await store.state { !$0.isSearching }
        #expect(state.results == ["FLUX"])
        #expect(log.actions(of: SearchAction.self) == [.queryChanged("flux"), .results(["FLUX"])])
    }

    @Test func aCancelledEffectsLaterActionsAreDropped() async {
        let gate = TestGate()
        let store = makeStore { query in
            await gate.wait()
            return [query]
        }
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(SearchAction.queryChanged("late"))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(300))
        // The search has started and waits at the gate: cancel it, then let it answer.
        dispatcher.dispatch(SearchAction.cancel)
        await gate.open()
        #expect(await store.effectsFinished(timeout: .safetyNet))
        #expect(log.actions(of: SearchAction.self) == [.queryChanged("late"), .cancel])
        #expect(store.state.results == [])
    }

    @Test func cancelInFlightKeepsOnlyTheNewestRequest() async throws {
        let store = makeStore()
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(SearchAction.queryChanged("a"))
        await clock.sleepers(atLeast: 1)
        dispatcher.dispatch(SearchAction.queryChanged("ab"))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(300))
        _ = try await store.state { !$0.isSearching }
        #expect(await store.effectsFinished(timeout: .safetyNet))
        #expect(log.actions(of: SearchAction.self).filter { if case .results = $0 { true } else { false } } == [.results(["AB"])])
    }

    @Test func sendAndMergeFollowTheCurrentActionsNotifications() {
        let store = makeStore()
        var order: [String] = []
        let receipt = store.subscribe { _, new in order.append("state \(new.results)") }
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(SearchAction.clear)
        #expect(log.actions(of: SearchAction.self) == [.clear, .results([])])
        #expect(order.isEmpty)   // both leave the state as it was: nobody is told
        _ = receipt
    }

    @Test func fireAndForgetRunsAndSendsNothing() async {
        let store = makeStore()
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(SearchAction.save)
        #expect(await store.effectsFinished(timeout: .safetyNet))
        #expect(await saved.all == [""])
        #expect(log.actions.count == 1)
    }

    @Test func keyedSubscribersHearOnlyTheKeysAnActionNames() {
        let store = FluxStore(
            initialState: [0, 0],
            dispatcher: dispatcher,
            affecting: { (action: Tick) in [AnyHashable(action.task)] }
        ) { (counts: inout [Int], tick: Tick) in
            counts[tick.task] += tick.n
            return .none
        }
        var asked: [Int] = []
        let zero = store.observe(key: 0, { asked.append(0); return $0[0] }) { _ in }
        let one = store.observe(key: 1, { asked.append(1); return $0[1] }) { _ in }
        asked.removeAll()
        dispatcher.dispatch(Tick(task: 1, n: 5))
        #expect(asked == [1])
        #expect(store.state == [0, 5])
        _ = (zero, one)
    }

    @Test func recorderTravelsThroughAFluxStoresStates() {
        let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, action: CounterAction) in
            if case .add(let n) = action { count += n }
            return .none
        }
        let recorder = RecorderMiddleware(stores: [store])
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.add(1))
        dispatcher.dispatch(CounterAction.add(10))
        let history = StateHistory(of: store)
        #expect(recorder.back())
        #expect(store.state == 1)
        #expect(recorder.forward())
        #expect(history.states == [1, 11])
    }

    /// The recorder used to keep its stores alive, which made a cycle through their
    /// dispatcher once it was added there (see RecorderCycleTests); their owner does now.
    @Test func recorderDoesNotKeepItsStoresAlive() {
        weak var released: FluxStore<Int, CounterAction>?
        let recorder: RecorderMiddleware
        do {
            let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (_: inout Int, _: CounterAction) in .none }
            released = store
            recorder = RecorderMiddleware(stores: [store])
        }
        #expect(released == nil)
        #expect(!recorder.back())
    }
}
