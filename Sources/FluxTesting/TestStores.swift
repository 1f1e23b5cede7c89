import Flux
import Testing

/// Tests several stores on one dispatcher together, as an app wires them — stores made
/// with `handling:` that follow others with `waitFor` included — in the spirit of TCA's
/// `TestStore` and its tests of composed features: every change an action makes to any
/// of them, and every action their effects send back, must be asserted, or the test fails.
///
/// ```swift
/// let dispatcher = Dispatcher()
/// let counter = FluxStore(initialState: Counter(), dispatcher: dispatcher, reducer: counterReducer(clock: clock))
/// let parity = FluxStore(initialState: Parity(), dispatcher: dispatcher, handling: parityReducer(following: StateView(counter)))
/// let stores = TestStores(counter, parity)
/// await stores.send(CounterEvent.add(3)) {    // one action, its changes in every store
///     $0[counter].count = 3
///     $0[counter].history = [0]
///     $0[parity].isEven = false
/// }
/// await stores.send(CounterEvent.incrementLater)
/// await clock.sleepers(atLeast: 1)
/// clock.advance(by: .seconds(1))
/// await stores.receive(CounterEvent.increment) {
///     $0[counter].count = 4
///     $0[parity].isEven = true
/// }
/// await stores.finish()
/// ```
///
/// - ``send(_:_:sourceLocation:)``: dispatches an action (of any type); the closure turns
///   the states before it into those expected after it, each store's read and written as
///   `$0[store]`. A difference in any store fails with a diff of that store's state.
/// - ``receive(_:timeout:_:sourceLocation:)``: the next action that reached the stores
///   (sent by an effect, or dispatched by a store's effect for another) must be this one,
///   with these changes. Waits for it on the very dispatch.
///   ``receive(_:timeout:where:_:sourceLocation:)`` takes the action's type and a test of
///   it instead, for an action whose payload the test cannot spell out (a server's answer).
/// - ``finish(timeout:sourceLocation:)``: fails if effects of any store still run, or
///   actions reached the stores that nobody received.
///
/// What is a step to assert: every action that reaches the reducer of one of the stores —
/// any action at all, when one of them was made with `handling:`. Set the stores up before
/// making the `TestStores` (the actions dispatched then are not journaled), then dispatch
/// only through ``send(_:_:sourceLocation:)``.
@MainActor
public final class TestStores {
    /// The dispatcher the stores are on.
    public let dispatcher: Dispatcher

    /// The states of the stores under test, one per store, read and written by store:
    /// `$0[comments].notice = nil`. What ``send(_:_:sourceLocation:)``'s closure changes.
    public struct States {
        var values: [Any?]
        let positions: [ObjectIdentifier: Int]
        /// While an expectation is checked: the states the action actually left.
        var actualValues: [Any?]?

        /// The state of `store`, which must be one of the stores under test.
        public subscript<State, A: Action>(_ store: FluxStore<State, A>) -> State {
            get {
                guard let value = values[position(of: store)] as? State else {
                    preconditionFailure("\(store.name) is gone")
                }
                return value
            }
            set {
                values[position(of: store)] = newValue
            }
        }

        /// Inside an expectation, the state the action actually left in `store`: for a part a
        /// test cannot build equal by hand — a value that compares by a revision taken from a
        /// process-wide counter, say — which it checks in its own terms, then adopts. Adopt
        /// only what was checked: whatever is taken from here is not compared.
        public func actual<State, A: Action>(_ store: FluxStore<State, A>) -> State {
            guard let value = actualValues?[position(of: store)] as? State else {
                preconditionFailure("the actual state of \(store.name) is known only while an expectation is checked")
            }
            return value
        }

        private func position<State, A: Action>(of store: FluxStore<State, A>) -> Int {
            guard let position = positions[ObjectIdentifier(store)] else {
                preconditionFailure("\(store.name) is not one of the stores under test")
            }
            return position
        }
    }

    private let hosted: [HostedStore]
    /// The stores, kept alive for the test (the journal holds them weakly).
    private let stores: [AnyObject]
    private let journal: StepJournal
    /// How many journal steps have been asserted.
    private var asserted = 0

    /// Tests `stores`, which must all be on one dispatcher, from the states they are in.
    public init<each State: Equatable, each A: Action>(_ stores: repeat FluxStore<each State, each A>) {
        var hosted: [HostedStore] = []
        var kept: [AnyObject] = []
        var dispatchers: [Dispatcher] = []
        for store in repeat each stores {
            hosted.append(HostedStore(store))
            kept.append(store)
            dispatchers.append(store.dispatcher)
        }
        guard let dispatcher = dispatchers.first else { preconditionFailure("TestStores needs a store to test") }
        precondition(dispatchers.allSatisfy { $0 === dispatcher }, "the stores under test must share one dispatcher")
        self.dispatcher = dispatcher
        self.hosted = hosted
        self.stores = kept
        journal = StepJournal(hosting: hosted)
        dispatcher.add(journal)
    }

    isolated deinit {
        dispatcher.remove(journal)
    }

    /// The states of the stores now.
    public var states: States { journal.states() }

    /// Dispatches `action` and checks the states it leads to: `expected` turns the states
    /// before into the states expected after (leave it out when the action changes nothing).
    ///
    /// Fails if actions that reached the stores before were not received first.
    public func send(
        _ action: some Action,
        _ expected: ((inout States) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if asserted < journal.steps.count {
            Issue.record(
                "Must receive \(journal.steps.count - asserted) action(s) before sending \(Self.describe(action)): \(unreceived())",
                sourceLocation: sourceLocation
            )
            asserted = journal.steps.count
        }
        let index = journal.steps.count
        dispatcher.dispatch(action)
        guard index < journal.steps.count else {
            Issue.record("\(Self.describe(action)) did not reach the store under test", sourceLocation: sourceLocation)
            return
        }
        asserted = index + 1
        check(journal.steps[index], expected, sourceLocation: sourceLocation)
    }

    /// Waits for the next action to reach the stores, expects it to be `action`, and
    /// checks the states it leads to as ``send(_:_:sourceLocation:)`` does. `timeout` is
    /// only a safety net against a hang.
    public func receive<Received: Action & Equatable>(
        _ action: Received,
        timeout: Duration = .seconds(60),
        _ expected: ((inout States) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        guard let step = await nextStep(expecting: Self.describe(action), timeout: timeout, sourceLocation: sourceLocation) else { return }
        guard let received = step.action as? Received else {
            Issue.record("Received \(Self.describe(step.action)), expected \(Self.describe(action))", sourceLocation: sourceLocation)
            return
        }
        guard received == action else {
            Issue.record(
                "Received \(Self.describe(step.action)), expected \(Self.describe(action)) (− expected, + received):\n\(StateDiff.lines(expected: action, actual: received))",
                sourceLocation: sourceLocation
            )
            return
        }
        check(step, expected, sourceLocation: sourceLocation)
    }

    /// Waits for the next action to reach the stores, expects it to be a `type` that
    /// `matches`, and checks the states it leads to as ``send(_:_:sourceLocation:)`` does:
    /// for an action whose payload the test does not know in full (a server's answer).
    /// Returns the action, or nil when it was not one.
    @discardableResult
    public func receive<Received: Action>(
        _ type: Received.Type,
        timeout: Duration = .seconds(60),
        where matches: (Received) -> Bool = { _ in true },
        _ expected: ((inout States) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Received? {
        let wanted = "a \(Received.self) that matches"
        guard let step = await nextStep(expecting: wanted, timeout: timeout, sourceLocation: sourceLocation) else { return nil }
        guard let received = step.action as? Received, matches(received) else {
            Issue.record("Received \(Self.describe(step.action)), expected \(wanted)", sourceLocation: sourceLocation)
            return nil
        }
        check(step, expected, sourceLocation: sourceLocation)
        return received
    }

    /// Ends the test: waits (at most `timeout`) for the effects of every store to end,
    /// then fails if some still run or actions reached the stores that were not received.
    public func finish(timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation) async {
        for store in hosted {
            guard !(await store.effectsFinished(timeout)) else { continue }
            Issue.record(
                "\(store.effectsInFlight()) effect(s) still running in \(store.name) after \(timeout); cancel them or let them end",
                sourceLocation: sourceLocation
            )
        }
        if asserted < journal.steps.count {
            Issue.record("Actions sent by effects and not received: \(unreceived())", sourceLocation: sourceLocation)
            asserted = journal.steps.count
        }
    }

    // MARK: Checking

    /// The next step to assert, once it exists; nil (and an issue) after `timeout`.
    private func nextStep(expecting wanted: String, timeout: Duration, sourceLocation: SourceLocation) async -> Step? {
        guard await journal.waitForStep(asserted, timeout: timeout) else {
            Issue.record("Expected to receive \(wanted), but no action was sent within \(timeout)", sourceLocation: sourceLocation)
            return nil
        }
        let step = journal.steps[asserted]
        asserted += 1
        return step
    }

    private func check(_ step: Step, _ expected: ((inout States) -> Void)?, sourceLocation: SourceLocation) {
        var want = step.before
        want.actualValues = step.after.values
        expected?(&want)
        var differences: [String] = []
        for (position, store) in hosted.enumerated() where !store.equal(want.values[position], step.after.values[position]) {
            let diff = store.diff(want.values[position], step.after.values[position])
            differences.append(hosted.count == 1 ? diff : "\(store.name):\n\(diff)")
        }
        guard !differences.isEmpty else { return }
        Issue.record(
            "State after \(Self.describe(step.action)) differs from the expected one (− expected, + actual):\n\(differences.joined(separator: "\n"))",
            sourceLocation: sourceLocation
        )
    }

    private func unreceived() -> String {
        journal.steps[asserted...].map { Self.describe($0.action) }.joined(separator: ", ")
    }

    /// An action as a failure names it: cut short, since an import's may list thousands of
    /// comments.
    static func describe(_ action: any Action) -> String {
        let text = "\(action)"
        return text.count <= 300 ? text : "\(text.prefix(300))…"
    }
}
