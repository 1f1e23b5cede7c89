/// What an effect (a thunk) gets to work with: a way to dispatch, and a way to read
/// stores' state, from whatever task it runs on.
public struct EffectContext: Sendable {
    /// The dispatcher the effect was started on.
    public let dispatcher: Dispatcher

    /// Dispatches `action` on the main actor and waits until the stores have handled it.
    public func dispatch(_ action: any Action) async {
        await dispatcher.dispatch(action)
    }

    /// Reads `store`'s state on the main actor (the thunk's `getState`).
    public func state<State: Sendable>(of store: StatefulStore<State>) async -> State {
        await store.state
    }

    /// Whether the effect was cancelled through its ``EffectHandle``; long effects check
    /// it between steps.
    public var isCancelled: Bool { Task.isCancelled }
}

/// A running effect started by ``Dispatcher/run(_:)``: cancel it, or wait for it.
public struct EffectHandle: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    /// Asks the effect to stop: its task is cancelled, so awaited network calls end early.
    public func cancel() { task.cancel() }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { task.isCancelled }

    /// Waits until the effect has finished.
    public func finish() async { await task.value }
}

extension Dispatcher {
    /// Starts an asynchronous unit of work that may dispatch many actions over time — a
    /// fetch that dispatches "started", then "loaded" or "failed" — and returns a handle
    /// to cancel it.
    @discardableResult
    public func run(_ effect: @escaping @Sendable (EffectContext) async -> Void) -> EffectHandle {
        let context = EffectContext(dispatcher: self)
        return EffectHandle(task: Task { await effect(context) })
    }
}
