import Testing
import Flux
import FluxTesting

/// Issue 11, item 7: a cancelled effect's late actions never reach the stores, even when
/// its work does not check for cancellation.
@MainActor
@Suite struct CancelledEffectTests {
    let dispatcher = Dispatcher()

    /// Loads 0 at once and 1 once the gate opens; `.cancelled` cancels the load.
    private func makeStore(gate: TestGate) -> FluxStore<[Int], LoadAction> {
        FluxStore(initialState: [], dispatcher: dispatcher) { (loaded: inout [Int], action: LoadAction) in
            switch action {
            case .started:
                return .run { send in
                    await send(.loaded(0))
                    await gate.wait()   // never asks whether it was cancelled
                    await send(.loaded(1))
                }
                .cancellable(id: "load")
            case .loaded(let n):
                loaded.append(n)
                return .none
            case .cancelled:
                return .cancel(id: "load")
            case .failed:
                return .none
            }
        }
    }

    @Test func aCancelledEffectsLaterSendIsDropped() async throws {
        let gate = TestGate()
        let store = makeStore(gate: gate)
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(LoadAction.started)
        _ = try await log.first(LoadAction.self) { $0 == .loaded(0) }
        dispatcher.dispatch(LoadAction.cancelled)
        await gate.open()
        #expect(await store.effectsFinished(timeout: .safetyNet))
        #expect(log.actions(of: LoadAction.self) == [.started, .loaded(0), .cancelled])
        #expect(store.state == [0])
    }
}
