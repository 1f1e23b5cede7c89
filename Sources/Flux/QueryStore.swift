/// A stateful store that also knows what its consumers currently want.
///
/// A view calls ``query(_:)`` with a description of the data it needs (say, the
/// comments of a site) and holds the ``Receipt``. The store keeps the set of active
/// queries and, whenever that set changes, runs ``queriesChanged()``, where it decides
/// what to fetch and what to cancel. The store, not the view, decides when to hit the
/// network.
///
/// Built on ``StatefulStore``, so it shares that shape's public writers, which the app
/// migrates away from.
@MainActor
open class QueryStore<State, Query: Hashable>: StatefulStore<State> {
    private var counts: [Query: Int] = [:]
    private var order: [Query] = []

    /// Registers interest in `query` for as long as the receipt lives. Asking for a query
    /// that is already active shares it; it stays active until its last receipt goes.
    public final func query(_ query: Query) -> Receipt {
        let isNew = counts[query] == nil
        counts[query, default: 0] += 1
        if isNew {
            order.append(query)
            queriesChanged()
        }
        return Receipt { [weak self] in self?.release(query) }
    }

    /// The active queries, oldest first, each once.
    public var activeQueries: [Query] { order }

    /// How many receipts hold `query`.
    public func receiptCount(for query: Query) -> Int { counts[query] ?? 0 }

    /// Runs whenever a query becomes active or stops being active. Override to fetch
    /// what the active queries need and to cancel what none needs any more. The default
    /// does nothing.
    open func queriesChanged() {}

    private func release(_ query: Query) {
        guard let count = counts[query] else { return }
        if count > 1 {
            counts[query] = count - 1
            return
        }
        counts[query] = nil
        order.removeAll { $0 == query }
        queriesChanged()
    }
}
