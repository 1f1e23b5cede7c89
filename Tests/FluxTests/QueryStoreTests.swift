import Testing
import Flux

@MainActor
final class ProbeQueryStore: QueryStore<Int, String> {
    var snapshots: [[String]] = []
    init(dispatcher: Dispatcher) { super.init(initialState: 0, dispatcher: dispatcher) }
    override func queriesChanged() { snapshots.append(activeQueries) }
}

@MainActor
@Suite struct QueryStoreTests {
    let dispatcher = Dispatcher()

    @Test func receiptsKeepQueriesActiveAndTheHookSeesEveryChange() {
        let store = ProbeQueryStore(dispatcher: dispatcher)
        var first: Receipt? = store.query("site-1")
        var second: Receipt? = store.query("site-2")
        var shared: Receipt? = store.query("site-1")
        #expect(store.activeQueries == ["site-1", "site-2"])
        #expect(store.receiptCount(for: "site-1") == 2)
        first = nil
        #expect(store.activeQueries == ["site-1", "site-2"], "one receipt still holds site-1")
        shared = nil
        #expect(store.activeQueries == ["site-2"])
        second = nil
        #expect(store.activeQueries.isEmpty)
        #expect(store.snapshots == [["site-1"], ["site-1", "site-2"], ["site-2"], []])
        _ = (first, second, shared)
    }

    @Test func cancellingTwiceReleasesOnce() {
        let store = ProbeQueryStore(dispatcher: dispatcher)
        let a = store.query("q")
        let b = store.query("q")
        a.cancel(); a.cancel()
        #expect(store.activeQueries == ["q"])
        b.cancel()
        #expect(store.activeQueries.isEmpty)
    }
}
