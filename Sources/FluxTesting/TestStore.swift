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
/// - ``receive(_:timeout:_:sourceLocation:)``: the next action an effect sent must be
///   this one, with this state change. Waits for it on the very dispatch.
/// - ``finish(timeout:sourceLocation:)``: fails if effects still run or sent actions
///   nobody received.
///
/// Effects run for real, against whatever the reducer closes over: give it test doubles
/// and a ``TestClock``, and the test needs no sleeping and no real files.
@MainActor
public final class TestStore<State: Equatable, A: Action & Equatable> {
    /// The store under test, on a dispatcher of its own.
    public let store: FluxStore<State, A>
    /// The dispatcher `store` is on.
    public let dispatcher: Dispatcher

    private let journal: StepJournal<State, A>
    /// How many journal steps have been asserted.
    private var asserted = 0

    /// Makes a store with `initialState` and `reducer` on a fresh dispatcher.
    public init(initialState: State, reducer: @escaping FluxStore<State, A>.Reducer) {
        dispatcher = Dispatcher()
        store = FluxStore(initialState: initialState, dispatcher: dispatcher, reducer: reducer)
        journal = StepJournal(store: store)
        dispatcher.add(journal)
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
        if asserted < journal.steps.count {
            Issue.record(
                "Must receive \(journal.steps.count - asserted) action(s) before sending \(action): \(describe(journal.steps[asserted...].map(\.action)))",
                sourceLocation: sourceLocation
            )
            asserted = journal.steps.count
        }
        let index = journal.steps.count
        dispatcher.dispatch(action)
        guard index < journal.steps.count else {
            Issue.record("\(action) did not reach the store", sourceLocation: sourceLocation)
            return
        }
        asserted = index + 1
        check(journal.steps[index], expected, sourceLocation: sourceLocation)
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
        guard await journal.waitForStep(asserted, timeout: timeout) else {
            Issue.record("Expected to receive \(action), but no action was sent within \(timeout)", sourceLocation: sourceLocation)
            return
        }
        let step = journal.steps[asserted]
        asserted += 1
        guard step.action == action else {
            Issue.record("Received \(step.action), expected \(action)", sourceLocation: sourceLocation)
            return
        }
        check(step, expected, sourceLocation: sourceLocation)
    }

    /// Ends the test: waits (at most `timeout`) for running effects to end, then fails if
    /// some still run or sent actions that were not received.
    public func finish(timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation) async {
        if !(await store.effectsFinished(timeout: timeout)) {
            Issue.record(
                "\(store.effectsInFlight) effect(s) still running after \(timeout); cancel them or let them end",
                sourceLocation: sourceLocation
            )
        }
        if asserted < journal.steps.count {
            Issue.record(
                "Actions sent by effects and not received: \(describe(journal.steps[asserted...].map(\.action)))",
                sourceLocation: sourceLocation
            )
            asserted = journal.steps.count
        }
    }

    private func check(_ step: Step<State, A>, _ expected: ((inout State) -> Void)?, sourceLocation: SourceLocation) {
        var want = step.before
        expected?(&want)
        guard want != step.after else { return }
        Issue.record(
            "State after \(step.action) differs from the expected one (− expected, + actual):\n\(StateDiff.lines(expected: want, actual: step.after))",
            sourceLocation: sourceLocation
        )
    }

    private func describe(_ actions: [A]) -> String {
        actions.map { "\($0)" }.joined(separator: ", ")
    }
}

/// One action the store handled, with the state before and after it.
struct Step<State, A> {
    let action: A
    let before: State
    let after: State
}

/// Middleware that journals every action of type `A` the store handles, with the states
/// around it, and wakes whoever waits for a step.
@MainActor
final class StepJournal<State, A: Action>: Middleware {
    private(set) var steps: [Step<State, A>] = []
    /// Weak: the dispatcher keeps this journal and the store keeps the dispatcher, so a
    /// strong reference would make a cycle that outlives the test (LeakSanitizer found it).
    private weak var store: FluxStore<State, A>?
    private var waiters: [(index: Int, resume: @MainActor (Bool) -> Void)] = []

    init(store: FluxStore<State, A>) {
        self.store = store
    }

    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        guard let typed = action as? A, let store else {
            next(action)
            return
        }
        let before = store.state
        next(action)
        steps.append(Step(action: typed, before: before, after: store.state))
        let ready = waiters.filter { $0.index < steps.count }
        waiters.removeAll { $0.index < steps.count }
        for waiter in ready { waiter.resume(true) }
    }

    /// Waits until step `index` exists; false after `timeout`.
    func waitForStep(_ index: Int, timeout: Duration) async -> Bool {
        if index < steps.count { return true }
        let once = OneShotAnswer()
        waiters.append((index, { once.resume($0) }))
        let deadline = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            once.resume(false)
        }
        defer { deadline.cancel() }
        return await once.wait()
    }
}
