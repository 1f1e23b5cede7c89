import Testing
@testable import Flux

/// Which actions reach a ``FluxStore``'s reducer. A typed store compares the action's type
/// with its own instead of casting (the dispatch path's cost); these pin down that it still
/// takes exactly what `as?` took.
@MainActor
@Suite struct FluxStoreActionTypeTests {
    let dispatcher = Dispatcher()

    /// An action type of the same shape as `CounterAction`'s `add`: same layout, other type.
    struct LookAlike: Action { let n: Int }

    class Base: Action, @unchecked Sendable { let n: Int; init(n: Int) { self.n = n } }
    final class Derived: Base, @unchecked Sendable {}

    @Test func aTypedReducerSeesItsOwnTypeOnly() {
        let counter = CounterStore(dispatcher: dispatcher)
        dispatcher.dispatch(CounterAction.add(2))
        dispatcher.dispatch(LookAlike(n: 40))
        dispatcher.dispatch(Tick(task: 0, n: 7))
        #expect(counter.state == 2)
    }

    @Test func aClassActionsSubclassesReachItsReducer() {
        let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (total: inout Int, action: Base) in
            total += action.n
            return .none
        }
        dispatcher.dispatch(Base(n: 1))
        dispatcher.dispatch(Derived(n: 10))
        dispatcher.dispatch(CounterAction.add(100))
        #expect(store.state == 11)
    }

    @Test func aReducerHandlingEveryActionSeesThemAll() {
        let store = FluxStore(initialState: [String](), dispatcher: dispatcher) { (seen: inout [String], action: any Action) -> Effect<CounterAction> in
            seen.append(String(describing: type(of: action)))
            return .none
        }
        dispatcher.dispatch(CounterAction.increment)
        dispatcher.dispatch(LookAlike(n: 1))
        #expect(store.state == ["CounterAction", "LookAlike"])
    }

    @Test func aSubclassAddsReadersAndKeepsTheReducer() {
        let counter = CounterStore(dispatcher: dispatcher)
        #expect(counter.isEven)
        dispatcher.dispatch(CounterAction.increment)
        #expect(!counter.isEven)
    }

    /// The runner adds no allocation for an action without effect: `.none` is a null
    /// pointer, nothing is allocated to make it, and `EffectRunner.run` returns on it
    /// before reading anything else.
    @Test func noEffectIsANullPointer() {
        #expect(MemoryLayout<Effect<CounterAction>>.size == MemoryLayout<UnsafeRawPointer>.size)
        #expect(Effect<CounterAction>.none.operation == nil)
        #expect(Effect<CounterAction>.send(.increment).operation != nil)
    }
}
