/// A store whose every change is a pure function of the state and an action: the Redux
/// shape, as a special case of ``StatefulStore``.
///
/// ```swift
/// let counter = ReducerStore(initialState: 0) { (count: inout Int, action: CounterAction) in
///     switch action { case .increment: count += 1 }
/// }
/// ```
/// Actions of other types pass by without a change.
///
/// A shape the app migrates away from: being a ``StatefulStore``, it has public writers,
/// and its reducer cannot ask for effects. ``FluxStore`` has no public writer and lets
/// its reducer return effects.
@MainActor
public final class ReducerStore<State, A: Action>: StatefulStore<State> {
    /// The pure function that applies one action to the state.
    public typealias Reducer = @MainActor (inout State, A) -> Void

    private let reducer: Reducer

    /// Creates the store; `reducer` runs for every action of type `A`.
    public init(initialState: State, dispatcher: Dispatcher = .shared, reducer: @escaping Reducer) {
        self.reducer = reducer
        super.init(initialState: initialState, dispatcher: dispatcher)
    }

    /// Runs the reducer for actions of type `A`, as one change.
    public override func onDispatch(_ action: any Action) {
        guard let action = action as? A else { return }
        transaction { reducer(&$0, action) }
    }
}
