/// Sees every action a ``Dispatcher`` delivers: just before the stores do, and just after.
///
/// Middleware observes; it must not change state. It may dispatch: such actions are
/// queued behind the current one like any re-entrant dispatch.
@MainActor
public protocol Middleware: AnyObject {
    /// Called before any store sees `action`.
    func willDispatch(_ action: any Action, id: DispatchID)
    /// Called after every store has handled `action`.
    func didDispatch(_ action: any Action, id: DispatchID)
}

extension Middleware {
    /// Does nothing by default.
    public func willDispatch(_ action: any Action, id: DispatchID) {}
    /// Does nothing by default.
    public func didDispatch(_ action: any Action, id: DispatchID) {}
}
