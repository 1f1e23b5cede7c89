import Testing
import Flux

/// The test fixture ``EchoMiddleware`` dispatches to the dispatcher it is added to; it held
/// that dispatcher strongly, a cycle (dispatcher → middleware → dispatcher) that LeakSanitizer
/// reported after `aDispatchFromMiddlewareFollowsTheCurrentAction`.
@MainActor
@Suite struct MiddlewareFixtureCycleTests {
    @Test func aDispatcherGoesWithItsOwnerThoughItsMiddlewareDispatchesToIt() {
        weak var released: Dispatcher?
        do {
            let dispatcher = Dispatcher()
            dispatcher.add(EchoMiddleware(dispatcher: dispatcher))
            dispatcher.dispatch(CounterAction.increment)
            released = dispatcher
        }
        #expect(released == nil)
    }
}
