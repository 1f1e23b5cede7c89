/// Records every action with the states it led to, and steps back and forward through
/// them (time travel while debugging, and reproducible bug reports).
///
/// Only stores passed to ``init(stores:)`` are recorded. The first entry is their state
/// when the recorder was made. After ``back()``, dispatching a new action drops the
/// entries ahead of the current one (like an editor's redo after an edit). Add it last,
/// so the states it records are those the stores reached. It does not keep its stores
/// alive (see ``StateRecording``): their owner does.
@MainActor
public final class RecorderMiddleware: Middleware {
    /// One recorded step: the action (none for the starting point) and each store's state
    /// after it.
    public struct Entry {
        /// The action, or `nil` for the starting point.
        public let action: (any Action)?
        /// Each recorded store's state after the action, in the order the stores were given.
        public let states: [Any]
    }

    private let stores: [StateRecording]
    /// Every recorded step, oldest first.
    public private(set) var entries: [Entry]
    /// The index in ``entries`` of the state the stores are in now.
    public private(set) var position = 0

    /// Starts recording `stores`, taking their current states as the starting point.
    public init(stores: [any Recordable]) {
        self.stores = stores.map(\.recording)
        entries = [Entry(action: nil, states: self.stores.map { $0.capture() })]
    }

    /// Passes `action` on, then records the states it led to.
    public func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        next(action)
        if position < entries.count - 1 {
            entries.removeSubrange((position + 1)...)
        }
        entries.append(Entry(action: action, states: stores.map { $0.capture() }))
        position = entries.count - 1
    }

    /// Whether there is an earlier state to go back to.
    public var canGoBack: Bool { position > 0 }
    /// Whether there is a later state to go forward to.
    public var canGoForward: Bool { position < entries.count - 1 }

    /// Restores the states before the last recorded action. Returns false at the start.
    @discardableResult
    public func back() -> Bool {
        guard canGoBack else { return false }
        position -= 1
        apply(entries[position])
        return true
    }

    /// Re-applies the states of the next recorded action. Returns false at the end.
    @discardableResult
    public func forward() -> Bool {
        guard canGoForward else { return false }
        position += 1
        apply(entries[position])
        return true
    }

    /// Restores every store, holding dispatches until all are restored: an action a
    /// subscriber dispatches then applies to the whole restored state, and is recorded
    /// after this position.
    private func apply(_ entry: Entry) {
        for store in stores { store.dispatcher?.holdDispatches() }
        for (store, state) in zip(stores, entry.states) { store.restore(state) }
        for store in stores { store.dispatcher?.releaseDispatches() }
    }
}
