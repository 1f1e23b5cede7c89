import Flux

/// Records every action a dispatcher delivers, in order, for assertions:
///
/// ```swift
/// let log = ActionLog(on: dispatcher)
/// dispatcher.dispatch(CounterAction.increment)
/// #expect(log.actions(of: CounterAction.self) == [.increment])
/// ```
@MainActor
public final class ActionLog: Middleware {
    /// Every action delivered since the log was made, in delivery order.
    public private(set) var actions: [any Action] = []

    /// Starts recording what `dispatcher` delivers.
    public init(on dispatcher: Dispatcher) {
        dispatcher.add(self)
    }

    public func willDispatch(_ action: any Action, id: DispatchID) {
        actions.append(action)
    }

    /// The recorded actions of type `A`, in order.
    public func actions<A: Action>(of type: A.Type) -> [A] {
        actions.compactMap { $0 as? A }
    }

    /// Forgets what was recorded so far.
    public func clear() { actions.removeAll() }
}
