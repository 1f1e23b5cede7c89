/// A store whose state the world can read and subscribe to: ``FluxStore``. What views and
/// test helpers (`FluxTesting`) are written against.
@MainActor
public protocol StateObservable: AnyObject {
    /// The type of the store's state.
    associatedtype State

    /// The current state.
    var state: State { get }

    /// The store's name in logs and failure messages.
    var name: String { get }

    /// Calls `subscriber` with the state before and after every change, until the
    /// receipt goes.
    func subscribe(_ subscriber: @escaping @MainActor (_ old: State, _ new: State) -> Void) -> Receipt

    /// Calls `onChange` with `select(state)` whenever that value changes.
    func observe<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt

    /// Like ``observe(_:onChange:)``, filed under `key`, so changes that name other keys
    /// skip it.
    func observe<Key: Hashable, Value: Equatable>(
        key: Key,
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt
}
