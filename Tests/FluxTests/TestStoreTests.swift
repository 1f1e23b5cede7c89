import Testing
import Flux
@testable import FluxTesting

@MainActor
@Suite struct TestStoreTests {
    let clock = TestClock()
    let saved = SavedQueries()

    private func makeStore() -> TestStore<SearchState, SearchAction> {
        let saved = saved
        let dependencies = SearchDependencies(
            clock: clock,
            search: { ["\($0)-1", "\($0)-2"] },
            save: { await saved.append($0) }
        )
        return TestStore(initialState: SearchState(), reducer: searchReducer(dependencies))
    }

    @Test func aSearchFromKeystrokeToResults() async {
        let store = makeStore()
        await store.send(.queryChanged("fl")) {
            $0.query = "fl"
            $0.isSearching = true
        }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(300))
        await store.receive(.results(["fl-1", "fl-2"])) {
            $0.results = ["fl-1", "fl-2"]
            $0.isSearching = false
        }
        await store.send(.save)
        await store.finish()
        #expect(await saved.all == ["fl"])
    }

    @Test func aCancelledSearchSendsNothing() async {
        let store = makeStore()
        await store.send(.queryChanged("x")) {
            $0.query = "x"
            $0.isSearching = true
        }
        await store.send(.cancel) { $0.isSearching = false }
        await store.finish()
    }

    @Test func anUnassertedChangeFails() async {
        let store = makeStore()
        await withKnownIssue {
            await store.send(.queryChanged("x")) { $0.query = "x" }   // forgot isSearching
        } matching: { issue in
            issue.description.contains("isSearching: false") && issue.description.contains("isSearching: true")
        }
        await store.send(.cancel) { $0.isSearching = false }
        await store.finish()
    }

    @Test func aReceivedActionOtherThanTheExpectedOneFails() async {
        let store = makeStore()
        await store.send(.queryChanged("x")) {
            $0.query = "x"
            $0.isSearching = true
        }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(300))
        await withKnownIssue {
            await store.receive(.results(["y"]))
        }
        await store.finish()
    }

    @Test func finishFailsOnAnActionNobodyReceived() async {
        let store = makeStore()
        await store.send(.clear)
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.description.contains("not received")
        }
    }

    @Test func sendingBeforeReceivingFails() async {
        let store = makeStore()
        await store.send(.clear)
        await withKnownIssue {
            await store.send(.cancel)
        } matching: { issue in
            issue.description.contains("Must receive 1 action")
        }
    }

    @Test func finishFailsOnAnEffectStillRunning() async {
        let store = makeStore()
        await store.send(.queryChanged("x")) {
            $0.query = "x"
            $0.isSearching = true
        }
        await clock.sleepers(atLeast: 1)
        // The search sleeps on the test clock, which never moves: the effect is still
        // running when the test ends. The timeout is the safety net, not a wait.
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(20))
        } matching: { issue in
            issue.description.contains("1 effect(s) still running")
        }
        await store.send(.cancel) { $0.isSearching = false }
        await store.finish()
    }

    @Test func theDiffShowsOnlyWhatDiffers() {
        let diff = StateDiff.lines(
            expected: SearchState(query: "a", results: [], isSearching: false),
            actual: SearchState(query: "a", results: [], isSearching: true)
        )
        #expect(diff.contains("− ") && diff.contains("+ "))
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("−") || $0.hasPrefix("+") }.count == 2)
    }
}
