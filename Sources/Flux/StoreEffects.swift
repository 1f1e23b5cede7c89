/// The one effect runner of ``FluxStore``, for a store still built on ``StatefulStore``:
/// its handlers describe their work as ``Effect`` values and hand them here, so effects
/// run one way in every store — cancelled by id, a cancelled effect's later actions
/// dropped — and a store is ready to move to ``FluxStore`` unchanged.
@MainActor
public final class StoreEffects<A: Action> {
    private let runner: EffectRunner<A>

    /// A runner whose effects send their actions to `dispatcher`.
    public init(dispatcher: Dispatcher) {
        runner = EffectRunner(dispatcher: dispatcher)
    }

    /// Carries out `effect` (``Effect/none`` costs one comparison).
    public func run(_ effect: Effect<A>) {
        runner.run(effect)
    }

    /// How many asynchronous effects are running (a cancelled one counts until it ends).
    public var inFlight: Int { runner.inFlight }

    /// Waits until no effect runs, for at most `timeout`; returns whether that happened.
    public func finished(timeout: Duration) async -> Bool {
        await runner.waitUntilIdle(timeout: timeout)
    }
}
