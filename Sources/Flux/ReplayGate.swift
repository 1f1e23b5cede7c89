/// Middleware that lets a replay, and only a replay, reach the stores.
///
/// While a session is replayed, the live app keeps dispatching on its own: the key map,
/// timers, a store's handler dispatching to another store, views asking for data. All of
/// those are in the recording already, at the place they had; delivered again they would
/// come twice, out of order. The gate passes the actions a ``SessionReplayer`` wraps in a
/// ``ReplayedAction`` (unwrapped) and drops every other one — unless ``admitsLive`` lets
/// it through (after the replay, parley admits a resize).
@MainActor
public final class ReplayGate: Middleware {
    /// Which live actions pass; none by default.
    public var admitsLive: @MainActor (any Action) -> Bool = { _ in false }

    /// How many live actions were dropped (for tests and logs).
    public private(set) var dropped = 0

    /// A gate that passes replayed actions only.
    public init() {}

    /// Unwraps a replayed action and passes it on; drops a live one unless admitted.
    public func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        if let replayed = action as? ReplayedAction {
            next(replayed.action)
        } else if admitsLive(action) {
            next(action)
        } else {
            dropped += 1
        }
    }
}

/// A recorded action on its way through a ``ReplayGate``: the wrapper marks it as the
/// replay's, not the live app's.
public struct ReplayedAction: Action {
    /// The action as recorded.
    public let action: any Action

    /// Wraps `action`.
    public init(_ action: any Action) {
        self.action = action
    }
}
