import Testing
import Flux
import FluxTesting

@MainActor
@Suite struct CancelledEffectTests {
    let dispatcher = Dispatcher()

    /// A thunk that does not check `isCancelled` still cannot deliver once cancelled.
    @Test func aCancelledThunksLaterDispatchIsDropped() async throws {
        let log = ActionLog(on: dispatcher)
        let gate = AsyncGate()
        let handle = dispatcher.run { context in
            await context.dispatch(LoadAction.started)
            await gate.wait()
            await context.dispatch(LoadAction.loaded(1))
        }
        _ = try await log.first(LoadAction.self) { $0 == .started }
        handle.cancel()
        await gate.open()
        await handle.finish()
        #expect(log.actions(of: LoadAction.self) == [.started])
    }
}
