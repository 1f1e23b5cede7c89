import Flux
import Testing

/// Tests a ``FluxStore``'s reducer and effects step by step, in the spirit of TCA's
/// `TestStore`: every state change and every action an effect sends back must be
/// asserted, or the test fails.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Counter(), reducer: counterReducer(clock: clock))
/// await store.send(.incrementLater)            // no change: an effect starts
/// await clock.sleepers(atLeast: 1)
/// clock.advance(by: .seconds(1))
/// await store.receive(.increment) { $0.count = 1 }
/// await store.finish()
/// ```
///
/// - ``send(_:_:sourceLocation:)``: dispatches an action; the closure turns the state
///   before it into the state expected after it. Any difference fails with a diff.
/// - `receive(_:timeout:_:sourceLocation:)`: the next action an effect sent must be this
///   one, with this state change. Waits for it on the very dispatch.
/// - ``finish(timeout:sourceLocation:)``: fails if effects still run or sent actions
///   nobody received.
///
/// Effects run for real, against whatever the reducer closes over: give it test doubles
/// and a ``TestClock``, and the test needs no sleeping and no real files.
///
/// ``init(hosting:)`` tests a store that exists already, an app's store made either way
/// (a subclass, one made with `handling:`); several stores that follow each other on one
/// dispatcher are tested together with ``TestStores``, which this is the one-store case of.
@MainActor
public final class TestStore<State: Equatable, A: Action & Equatable> {
    /// The store under test.
    public let store: FluxStore<State, A>
    /// The dispatcher `store` is on.
    public var dispatcher: Dispatcher { store.dispatcher }

    /// The steps and their checks, for this one store.
    private let steps: TestStores

    /// Makes a store with `initialState` and `reducer` on a fresh dispatcher.
    public convenience init(initialState: State, reducer: @escaping FluxStore<State, A>.Reducer) {
        self.init(hosting: FluxStore(initialState: initialState, dispatcher: Dispatcher(), reducer: reducer))
    }

    /// Tests `store` from the state it is in, on its own dispatcher: an app's store,
    /// whichever way it was made. A store made with `handling:` sees every action, so
    /// every action dispatched (a `.dispatch` effect's for another store included) is a
    /// step to receive.
    public init(hosting store: FluxStore<State, A>) {
        self.store = store
        steps = TestStores(store)
    }

    /// The store's current state.
    public var state: State { store.state }

    /// Sends `action` and checks the state it leads to: `expected` turns the state before
    /// into the state expected after (leave it out when the action changes nothing).
    ///
    /// Fails if actions sent back by effects were not received first.
    public func send(
        _ action: A,
        _ expected: ((inout State) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await steps.send(action, changing(expected), sourceLocation: sourceLocation)
    }

    /// Waits for the next action an effect sends, expects it to be `action`, and checks
    /// the state it leads to as ``send(_:_:sourceLocation:)`` does. `timeout` is only a
    /// safety net against a hang.
    public func receive(
        _ action: A,
        timeout: Duration = .seconds(60),
        _ expected: ((inout State) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await steps.receive(action, timeout: timeout, changing(expected), sourceLocation: sourceLocation)
    }

    /// Like the `receive` above, for an action of another type: what a store made with
    /// `handling:` sees of its effects' `.dispatch`es.
    public func receive<Other: Action & Equatable>(
        _ action: Other,
        timeout: Duration = .seconds(60),
        _ expected: ((inout State) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await steps.receive(action, timeout: timeout, changing(expected), sourceLocation: sourceLocation)
    }

    /// Ends the test: waits (at most `timeout`) for running effects to end, then fails if
    /// some still run or sent actions that were not received.
    public func finish(timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation) async {
        await steps.finish(timeout: timeout, sourceLocation: sourceLocation)
    }

    /// `expected`, as a change of this store's state among the states under test.
    private func changing(_ expected: ((inout State) -> Void)?) -> ((inout TestStores.States) -> Void)? {
        guard let expected else { return nil }
        let store = store
        return { expected(&$0[store]) }
    }
}
