import Testing
import Flux
@testable import CommentsKit

/// The hold the tests order answers with: what it holds waits, what it releases is
/// handled at once, and once ended it keeps nothing alive.
@MainActor
@Suite struct ActionHoldTests {
    @Test func aHeldActionReachesTheStoresOnlyWhenReleased() async throws {
        let dispatcher = Dispatcher()
        var delivered: [String] = []
        dispatcher.register(name: "log") { action in
            if let action = action as? CommentsAction { delivered.append("\(action)") }
        }
        let hold = ActionHold(on: dispatcher, holding: CommentsAction.self) { $0.isFactsAnswer }
        defer { hold.end() }
        dispatcher.dispatch(CommentsAction.factsLoaded(site: "s", result: .success([])))
        dispatcher.dispatch(CommentsAction.loadMore(CommentsQuery(site: "s")))
        #expect(delivered.count == 1, "only the action not held went on")
        _ = try await hold.arrival(CommentsAction.self) { $0.isFactsAnswer }
        #expect(hold.release(CommentsAction.self) { $0.isFactsAnswer } == 1)
        #expect(delivered.count == 2 && delivered[1].contains("factsLoaded"))
    }

    @Test func anEndedHoldLetsItsDispatcherGo() {
        weak var gone: Dispatcher?
        do {
            let dispatcher = Dispatcher()
            gone = dispatcher
            let hold = ActionHold(on: dispatcher, holding: CommentsAction.self) { _ in true }
            dispatcher.dispatch(CommentsAction.loadMore(CommentsQuery(site: "s")))
            hold.end()
        }
        #expect(gone == nil, "an action still held kept the dispatcher, and the dispatcher the hold")
    }
}
