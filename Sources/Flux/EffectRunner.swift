/// Carries out the ``Effect`` values a ``FluxStore``'s reducer returns: the one place
/// effects run.
///
/// Each asynchronous effect is a task; effects filed under an id can be cancelled by it,
/// and a cancelled effect's later actions are dropped (see ``Send``). ``Effect/none``
/// costs one comparison; any other effect first asks the dispatcher's ``EffectPolicy``
/// (a replay runs none: their answers come from the recording).
@MainActor
final class EffectRunner<A: Action> {
    private let dispatcher: Dispatcher
    private let tasks = TaskTracker()
    private var idsBySerial: [Int: [EffectID]] = [:]
    private var serialsByID: [EffectID: Set<Int>] = [:]

    init(dispatcher: Dispatcher) {
        self.dispatcher = dispatcher
        tasks.onFinish = { [unowned self] serial in self.forget(serial) }
    }

    /// How many asynchronous effects are running (cancelled ones count until they end).
    var inFlight: Int { tasks.count }

    func run(_ effect: Effect<A>) {
        guard let operation = effect.operation, dispatcher.effectPolicy == .run else { return }
        run(operation.kind, ids: [])
    }

    /// Waits until no effect runs, for at most `timeout`; returns whether that happened.
    func waitUntilIdle(timeout: Duration) async -> Bool {
        await tasks.waitUntilIdle(timeout: timeout)
    }

    private func run(_ kind: Effect<A>.Kind, ids: [EffectID]) {
        switch kind {
        case .send(let action):
            dispatcher.dispatch(action)
        case .dispatch(let action):
            dispatcher.dispatch(action)
        case .run(let priority, let work):
            let send = Send<A> { [weak dispatcher] action in dispatcher?.dispatch(action) }
            start(ids: ids, priority: priority) { await work(send) }
        case .immediate(let work):
            // Done before it could be cancelled: its ids have nothing to file.
            work(Send { [weak dispatcher] action in dispatcher?.dispatch(action) })
        case .fireAndForget(let work):
            start(ids: ids, priority: nil, work)
        case .cancel(let id):
            cancel(id)
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancel(id) }
            if let inner = inner.operation { run(inner.kind, ids: ids + [id]) }
        case .merge(let effects):
            for case let effect? in effects.map(\.operation) { run(effect.kind, ids: ids) }
        }
    }

    private func start(ids: [EffectID], priority: TaskPriority?, _ work: @escaping @Sendable () async -> Void) {
        let serial = tasks.start(priority: priority, work).serial
        guard !ids.isEmpty else { return }
        idsBySerial[serial] = ids
        for id in ids { serialsByID[id, default: []].insert(serial) }
    }

    private func cancel(_ id: EffectID) {
        guard let serials = serialsByID.removeValue(forKey: id) else { return }
        for serial in serials { tasks.cancel(serial) }
    }

    private func forget(_ serial: Int) {
        guard let ids = idsBySerial.removeValue(forKey: serial) else { return }
        for id in ids {
            serialsByID[id]?.remove(serial)
            if serialsByID[id]?.isEmpty == true { serialsByID[id] = nil }
        }
    }

    isolated deinit {
        tasks.cancelAll()
    }
}
