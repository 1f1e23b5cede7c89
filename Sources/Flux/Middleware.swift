/// Stands between ``Dispatcher/dispatch(_:)`` and the stores: sees every action, and
/// decides what the stores get.
///
/// ``intercept(_:id:next:)`` receives the action and a ``MiddlewareNext``: call
/// `next(action)` to pass it on (to the next middleware, then the stores), call it with
/// another action to replace it, call it later to delay it, or never to drop it. Code
/// after `next` runs once the stores have handled the action.
///
/// Middleware that only watches may implement ``willDispatch(_:id:)`` and
/// ``didDispatch(_:id:)`` instead (`FluxTesting`'s `ActionLog` does): the default
/// ``intercept(_:id:next:)`` calls them around `next`.
///
/// Middleware must not change state. It may dispatch: such actions are queued behind the
/// current one like any re-entrant dispatch.
@MainActor
public protocol Middleware: AnyObject {
    /// Decides what happens to `action`; call `next` to pass it (or another) on.
    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext)
    /// Called before the rest of the chain sees `action` (observing middleware).
    func willDispatch(_ action: any Action, id: DispatchID)
    /// Called after the rest of the chain has handled `action` (observing middleware).
    func didDispatch(_ action: any Action, id: DispatchID)
}

extension Middleware {
    /// Observes: ``willDispatch(_:id:)``, passes `action` on unchanged, ``didDispatch(_:id:)``.
    public func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        willDispatch(action, id: id)
        next(action)
        didDispatch(action, id: id)
    }

    /// Does nothing by default.
    public func willDispatch(_ action: any Action, id: DispatchID) {}
    /// Does nothing by default.
    public func didDispatch(_ action: any Action, id: DispatchID) {}
}

/// The rest of the chain after one middleware: the middleware added after it, then the
/// stores. Call it as a function.
///
/// Called while the middleware's ``Middleware/intercept(_:id:next:)`` runs, it delivers
/// at once and returns when the stores are done. Called later (a delay), the action
/// joins the dispatcher's queue and goes on from this point of the chain when its turn
/// comes, under the same ``DispatchID``.
@MainActor
public struct MiddlewareNext {
    let dispatcher: Dispatcher
    let id: DispatchID
    let chain: [any Middleware]
    let index: Int
    let stage: UInt64

    /// Passes `action` on to the rest of the chain.
    public func callAsFunction(_ action: any Action) {
        dispatcher.resume(action, id: id, chain: chain, at: index, stage: stage)
    }
}
