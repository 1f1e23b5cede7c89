import Testing
import Flux

/// `Effect.immediate`: main-actor work done as soon as the reducer returns, before the
/// store's subscribers hear of the change; what it sends follows the current action; a
/// replay does none of it.
@MainActor
@Suite struct ImmediateEffectTests {
    private enum Press: Action, Equatable {
        case key
        case said(String)
    }

    /// A store whose `key` writes to `journal` through an immediate effect, which answers.
    private func pressStore(_ dispatcher: Dispatcher, _ journal: Journal) -> FluxStore<[String], Press> {
        FluxStore(initialState: [], dispatcher: dispatcher) { (state: inout [String], action: Press) in
            switch action {
            case .key:
                state.append("key")
                return .immediate { send in
                    journal.entries.append("work")
                    send(.said("done"))
                }
            case .said(let text):
                state.append(text)
                return .none
            }
        }
    }

    @Test func theWorkIsDoneBeforeTheSubscribersHearAndItsAnswerFollowsTheAction() {
        let dispatcher = Dispatcher()
        let journal = Journal()
        let store = pressStore(dispatcher, journal)
        let receipt = store.subscribe { _, new in journal.entries.append("notified: \(new.joined(separator: ","))") }
        dispatcher.dispatch(Press.key)
        #expect(journal.entries == ["work", "notified: key", "notified: key,done"])
        #expect(store.state == ["key", "done"])
        #expect(store.effectsInFlight == 0, "nothing left running")
        receipt.cancel()
    }

    @Test func aReplayDoesNoneOfIt() {
        let dispatcher = Dispatcher()
        dispatcher.effectPolicy = .suppress
        let journal = Journal()
        let store = pressStore(dispatcher, journal)
        dispatcher.dispatch(Press.key)
        #expect(journal.entries.isEmpty)
        #expect(store.state == ["key"])
    }
}
