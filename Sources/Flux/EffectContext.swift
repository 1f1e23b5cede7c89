/// What an effect (a thunk) gets to work with: a way to dispatch, and a way to read
/// stores' state, from whatever task it runs on.
///
/// Thunks started with ``Dispatcher/run(_:)`` are the shape the app migrates away from:
/// a ``FluxStore`` returns its effects as ``Effect`` values from its reducer instead, so
/// that they are tested as values and run by one runner.
public struct EffectContext: Sendable {
    /// The dispatcher the effect was started on.
    public let dispatcher: Dispatcher

    /// Dispatches `action` on the main actor and waits until the stores have handled it.
    /// Once the effect is cancelled, its actions are dropped: nothing it finds out after
    /// being cancelled reaches the stores.
    public func dispatch(_ action: any Action) async {
        await dispatcher.dispatchUnlessCancelled(action)
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
    /// Dispatches `action` unless the calling task is cancelled. The check and the
    /// dispatch happen together on the main actor, so a cancel made there before is
    /// always seen.
    func dispatchUnlessCancelled(_ action: any Action) {
        guard !Task.isCancelled else { return }
        dispatch(action)
    }

    /// Starts an asynchronous unit of work that may dispatch many actions over time — a
    /// fetch that dispatches "started", then "loaded" or "failed" — and returns a handle
    /// to cancel it.
    /// Under ``EffectPolicy/suppress`` (a replay) the effect does not start; the handle
    /// is that of a task that ended.
    @discardableResult
    public func run(_ effect: @escaping @Sendable (EffectContext) async -> Void) -> EffectHandle {
        guard effectPolicy == .run else { return EffectHandle(task: Task {}) }
        let context = EffectContext(dispatcher: self)
        return EffectHandle(task: thunks.start { await effect(context) }.task)
    }

    /// How many effects started with ``run(_:)`` are running (a cancelled one counts until
    /// it ends).
    public var effectsInFlight: Int { thunks.count }

    /// Waits until no effect started with ``run(_:)`` runs, for at most `timeout`; returns
    /// whether that happened. For tests that must know a cancelled effect has ended.
    public func effectsFinished(timeout: Duration) async -> Bool {
        await thunks.waitUntilIdle(timeout: timeout)
    }
}
