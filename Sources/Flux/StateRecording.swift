/// A store a ``RecorderMiddleware`` can record and travel through time with: every
/// ``FluxStore``.
@MainActor
public protocol Recordable: AnyObject {
    /// How to capture and restore the store's state.
    var recording: StateRecording { get }
}

/// How a recorder captures and puts back one store's state. Only Flux can use it: code
/// outside holds one but cannot call it, so a ``FluxStore``'s state stays written by its
/// reducer alone (and by time travel).
///
/// It holds its store (and the store's dispatcher) weakly: whoever made the store decides
/// how long it lives. A strong hold made a cycle as soon as the recorder was added to that
/// store's dispatcher (dispatcher → recorder → store → dispatcher), which kept all three,
/// and everything the store held, alive after their owner let them go. Once the store is
/// gone, capturing records a placeholder and restoring does nothing.
@MainActor
public struct StateRecording {
    let capture: @MainActor () -> Any
    let restore: @MainActor (Any) -> Void
    /// Held while the recorder restores, so a dispatch made by a subscriber follows every
    /// restored store's notification.
    private(set) weak var dispatcher: Dispatcher?

    /// Records `store` through `capture` and `restore`, without keeping it (or
    /// `dispatcher`, the one it receives actions from) alive.
    init<S: AnyObject>(
        of store: S,
        dispatcher: Dispatcher?,
        capture: @escaping @MainActor (S) -> Any,
        restore: @escaping @MainActor (S, Any) -> Void
    ) {
        self.capture = { [weak store] in store.map(capture) ?? ReleasedStore() }
        self.restore = { [weak store] state in
            if let store { restore(store, state) }
        }
        self.dispatcher = dispatcher
    }

    /// What is recorded for a store that no longer exists.
    private struct ReleasedStore {}
}
