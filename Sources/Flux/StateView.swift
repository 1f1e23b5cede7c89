/// A read-only view of another store's state, for a reducer that follows that store.
///
/// A store made with ``FluxStore/init(initialState:dispatcher:affecting:handling:)`` sees
/// every action; when its reducer needs another store's state as the action left it, it
/// holds a `StateView` of that store rather than the store itself, and reads
/// ``settledState`` (or ``state``, once it waited for the store with
/// ``Dispatcher/waitFor(_:)``). A view can neither dispatch, subscribe nor change
/// anything: the reducer stays a function of its state, the action and what it reads.
///
/// ```swift
/// let counter = FluxStore(initialState: 0, dispatcher: dispatcher) { (n: inout Int, _: Tick) in n += 1; return .none }
/// let doubled = StateView(counter)
/// let mirror = FluxStore(initialState: 0, dispatcher: dispatcher) { (m: inout Int, _: any Action) -> Effect<Tick> in
///     m = doubled.settledState * 2
///     return .none
/// }
/// ```
@MainActor
public struct StateView<State> {
    private let read: @MainActor () -> State
    /// The registration of the store seen, for ``Dispatcher/waitFor(_:)``.
    public let dispatchToken: DispatchToken
    private let dispatcher: Dispatcher

    /// A view of `store`'s state.
    public init<A: Action>(_ store: FluxStore<State, A>) {
        read = { store.state }
        dispatchToken = store.dispatchToken
        dispatcher = store.dispatcher
    }

    /// The store's state now. Inside a dispatch, this may be from before the action being
    /// dispatched: see ``settledState``.
    public var state: State { read() }

    /// The store's state once it has handled the action being dispatched: inside a
    /// dispatch, waits for the store first (``Dispatcher/waitFor(_:)``); outside one, the
    /// state now.
    public var settledState: State {
        if dispatcher.isDelivering { dispatcher.waitFor([dispatchToken]) }
        return read()
    }
}
