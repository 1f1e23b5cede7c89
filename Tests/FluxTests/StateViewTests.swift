import Testing
import Flux

/// ``StateView``: a follower's reducer reads the store it follows as the action left it.
@MainActor
@Suite struct StateViewTests {
    enum Bump: Action, Equatable { case by(Int) }

    /// The follower's view, set once the store it follows exists.
    @MainActor final class Followed {
        var view: StateView<Int>?
    }

    @Test func aFollowerReadsTheStoreItFollowsAfterThatStoreHandledTheAction() {
        let dispatcher = Dispatcher()
        // Registered second, read first: the follower is made before the counter.
        let followed = Followed()
        var seen: [Int] = []
        let follower = FluxStore(initialState: 0, dispatcher: dispatcher) { (state: inout Int, _: any Action) -> Effect<Bump> in
            guard let view = followed.view else { return .none }
            state = view.settledState
            return .none
        }
        let counter = FluxStore(initialState: 0, dispatcher: dispatcher) { (state: inout Int, action: Bump) in
            if case .by(let n) = action { state += n }
            return .none
        }
        followed.view = StateView(counter)
        let receipt = follower.subscribe { _, new in seen.append(new) }
        dispatcher.dispatch(Bump.by(2))
        dispatcher.dispatch(Bump.by(3))
        #expect(seen == [2, 5])
        #expect(follower.state == 5)
        _ = receipt
    }

    @Test func outsideADispatchTheViewReadsTheStateNow() {
        let dispatcher = Dispatcher()
        let counter = FluxStore(initialState: 7, dispatcher: dispatcher) { (_: inout Int, _: Bump) in .none }
        let view = StateView(counter)
        #expect(view.state == 7)
        #expect(view.settledState == 7)
        #expect(view.dispatchToken == counter.dispatchToken)
    }
}
