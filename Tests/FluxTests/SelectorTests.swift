import Testing
import Flux

/// State keyed by site, as CommentsStore has it.
struct SitesState: Equatable {
    var countBySite: [String: Int] = [:]
    var unrelated = 0
}

enum SiteAction: Action { case bump(String), touchUnrelated, bumpWithoutKeys(String) }

/// Says which site an action changes, so keyed subscribers of other sites are not asked.
@MainActor
final class SitesStore: FluxStore<SitesState, SiteAction> {
    init(dispatcher: Dispatcher) {
        super.init(initialState: SitesState(), dispatcher: dispatcher, affecting: Self.keys) { state, action in
            switch action {
            case .bump(let site), .bumpWithoutKeys(let site): state.countBySite[site, default: 0] += 1
            case .touchUnrelated: state.unrelated += 1
            }
            return .none
        }
    }

    private static func keys(_ action: SiteAction) -> [AnyHashable]? {
        switch action {
        case .bump(let site): [site]
        case .bumpWithoutKeys: nil
        case .touchUnrelated: []
        }
    }
}

@MainActor
@Suite struct SelectorTests {
    let dispatcher = Dispatcher()

    @Test func selectorCallbackRunsOnlyWhenTheSelectedValueChanges() {
        let store = SitesStore(dispatcher: dispatcher)
        var seen: [Int?] = []
        var selections = 0
        let receipt = store.observe({ selections += 1; return $0.countBySite["a"] }, onChange: { seen.append($0) })
        dispatcher.dispatch(SiteAction.bump("a"))
        dispatcher.dispatch(SiteAction.bump("b"))
        dispatcher.dispatch(SiteAction.touchUnrelated)
        dispatcher.dispatch(SiteAction.bump("a"))
        #expect(seen == [1, 2])
        // Once at subscription, then once per change: the unrelated changes cost a selector call only.
        #expect(selections == 5)
        _ = receipt
    }

    @Test func keyedSubscribersOfOtherKeysAreNotEvenAsked() {
        let store = SitesStore(dispatcher: dispatcher)
        var asked: [String: Int] = [:]
        var notified: [String] = []
        var receipts: [Receipt] = []
        for site in ["a", "b", "c"] {
            store.observe(key: site, { state in
                asked[site, default: 0] += 1
                return state.countBySite[site]
            }, onChange: { _ in notified.append(site) }).store(in: &receipts)
        }
        asked = [:]
        dispatcher.dispatch(SiteAction.bump("b"))
        #expect(asked == ["b": 1])
        #expect(notified == ["b"])
        dispatcher.dispatch(SiteAction.touchUnrelated)
        #expect(asked == ["b": 1])
    }

    @Test func changesThatNameNoKeysAskEveryKeyedSubscriberButNotifyOnlyTheChanged() {
        let store = SitesStore(dispatcher: dispatcher)
        var asked = 0
        var notified: [String] = []
        var receipts: [Receipt] = []
        for site in ["a", "b"] {
            store.observe(key: site, { asked += 1; return $0.countBySite[site] },
                          onChange: { _ in notified.append(site) }).store(in: &receipts)
        }
        asked = 0
        dispatcher.dispatch(SiteAction.bumpWithoutKeys("a"))
        #expect(asked == 2)
        #expect(notified == ["a"])
    }

    @Test func releasingAKeyedReceiptRemovesTheSubscriber() {
        let store = SitesStore(dispatcher: dispatcher)
        var notified = 0
        var receipt: Receipt? = store.observe(key: "a", { $0.countBySite["a"] }, onChange: { _ in notified += 1 })
        #expect(store.subscriberCount == 1)
        receipt = nil
        dispatcher.dispatch(SiteAction.bump("a"))
        #expect(notified == 0)
        #expect(store.subscriberCount == 0)
        _ = receipt
    }
}
