import Testing
import Flux

/// A ``RecorderMiddleware`` added to its stores' dispatcher must not keep them: it used to
/// hold each store strongly, so dispatcher → recorder → store → dispatcher kept all three
/// (and the store's whole state) alive after their owner let them go, which is what
/// LeakSanitizer reported under every time-travel test.
@MainActor
@Suite struct RecorderCycleTests {
    @Test func aFluxStoreItsRecorderAndTheirDispatcherGoWithTheirOwner() {
        weak var dispatcher: Dispatcher?
        weak var store: FluxStore<Int, CounterAction>?
        weak var recorder: RecorderMiddleware?
        do {
            let ownDispatcher = Dispatcher()
            let ownStore = FluxStore(initialState: 0, dispatcher: ownDispatcher) { (count: inout Int, action: CounterAction) in
                if case .add(let n) = action { count += n }
                return .none
            }
            let ownRecorder = RecorderMiddleware(stores: [ownStore])
            ownDispatcher.add(ownRecorder)
            ownDispatcher.dispatch(CounterAction.add(2))
            #expect(ownRecorder.back())
            #expect(ownStore.state == 0)
            (dispatcher, store, recorder) = (ownDispatcher, ownStore, ownRecorder)
        }
        #expect(store == nil)
        #expect(dispatcher == nil)
        #expect(recorder == nil)
    }

    @Test func aRecorderOutlivingItsStoreRecordsAndRestoresNothingOfIt() {
        let dispatcher = Dispatcher()
        let kept = CounterStore(dispatcher: dispatcher)
        let recorder: RecorderMiddleware
        do {
            let gone = CounterStore(dispatcher: dispatcher)
            recorder = RecorderMiddleware(stores: [gone, kept])
        }
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.add(4))
        #expect(recorder.back())
        #expect(kept.state == 0)
        #expect(recorder.forward())
        #expect(kept.state == 4)
    }
}
