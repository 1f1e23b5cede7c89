/// Carries out the ``Effect`` values a ``FluxStore``'s reducer returns: the one place
/// effects run.
///
/// Each asynchronous effect is a task; effects filed under an id can be cancelled by it,
/// and a cancelled effect's later actions are dropped (see ``Send``). ``Effect/none``
/// costs one comparison.
@MainActor
final class EffectRunner<A: Action> {
    private struct Running {
        let task: Task<Void, Never>
        let ids: [EffectID]
    }

    private let dispatcher: Dispatcher
    private var running: [Int: Running] = [:]
    private var serialsByID: [EffectID: Set<Int>] = [:]
    private var nextSerial = 0
    private var idleWaiters: [@MainActor () -> Void] = []

    init(dispatcher: Dispatcher) {
        self.dispatcher = dispatcher
    }

    /// How many asynchronous effects are running (cancelled ones count until they end).
    var inFlight: Int { running.count }

    func run(_ effect: Effect<A>) {
        if case .none = effect.operation { return }
        run(effect.operation, ids: [])
    }

    /// Calls `callback` once no effect runs (at once if none does).
    func whenIdle(_ callback: @escaping @MainActor () -> Void) {
        if running.isEmpty { callback() } else { idleWaiters.append(callback) }
    }

    private func run(_ operation: Effect<A>.Operation, ids: [EffectID]) {
        switch operation {
        case .none:
            return
        case .send(let action):
            dispatcher.dispatch(action)
        case .run(let work):
            start(ids: ids) { send in await work(send) }
        case .fireAndForget(let work):
            start(ids: ids) { _ in await work() }
        case .cancel(let id):
            cancel(id)
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancel(id) }
            run(inner.operation, ids: ids + [id])
        case .merge(let effects):
            for effect in effects { run(effect.operation, ids: ids) }
        }
    }

    private func start(ids: [EffectID], _ work: @escaping @Sendable (Send<A>) async -> Void) {
        nextSerial += 1
        let serial = nextSerial
        let send = Send<A> { [weak dispatcher] action in dispatcher?.dispatch(action) }
        // The task starts on the main actor only after this returns, so it is on the
        // books before it can end.
        let task = Task { @MainActor [weak self] in
            await work(send)
            self?.finished(serial)
        }
        running[serial] = Running(task: task, ids: ids)
        for id in ids { serialsByID[id, default: []].insert(serial) }
    }

    private func cancel(_ id: EffectID) {
        guard let serials = serialsByID.removeValue(forKey: id) else { return }
        for serial in serials { running[serial]?.task.cancel() }
    }

    private func finished(_ serial: Int) {
        guard let done = running.removeValue(forKey: serial) else { return }
        for id in done.ids {
            serialsByID[id]?.remove(serial)
            if serialsByID[id]?.isEmpty == true { serialsByID[id] = nil }
        }
        guard running.isEmpty, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter() }
    }

    isolated deinit {
        for effect in running.values { effect.task.cancel() }
    }
}
