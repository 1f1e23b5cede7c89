import Flux

/// Records every change a store (a ``FluxStore``) emits, so a test reads as given / when / then:
///
/// ```swift
/// let history = StateHistory(of: store)        // given
/// dispatcher.dispatch(CounterAction.add(2))    // when
/// #expect(history.states == [2])               // then: one change, to 2
/// ```
@MainActor
public final class StateHistory<State> {
    /// Each change as (state before, state after), oldest first.
    public private(set) var changes: [(old: State, new: State)] = []
    private var receipt: Receipt?

    /// Starts recording the changes of `store`.
    public init<Store: StateObservable>(of store: Store) where Store.State == State {
        receipt = store.subscribe { [weak self] old, new in
            self?.changes.append((old, new))
        }
    }

    /// The state after each change, oldest first.
    public var states: [State] { changes.map(\.new) }

    /// The state after the newest change, if any.
    public var latest: State? { changes.last?.new }

    /// Forgets what was recorded so far.
    public func clear() { changes.removeAll() }
}
