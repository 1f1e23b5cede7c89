/// A store whose state changes in one place only: its reducer, in answer to an action.
/// What the reducer wants done besides (network, files, timers) it returns as an
/// ``Effect`` value, which the store's one runner carries out.
///
/// ```swift
/// let counter = FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, action: CounterAction) in
///     switch action {
///     case .increment: count += 1
///     }
///     return .none
/// }
/// ```
///
/// Nothing outside the reducer can change the state: ``state`` has a private setter and
/// the store has no writer of its own (`Tests/compile-fail` proves it). An app's store may
/// subclass it to add what its readers need (a selector, a convenience), but a subclass
/// cannot write the state or handle actions beside the reducer: ``onDispatch(_:)`` is
/// final. Actions of types other than `A` pass by, unless the store was made with
/// ``init(initialState:dispatcher:affecting:handling:)``, whose reducer sees every action
/// (a store that follows other stores' actions, as a UI store does). When `State` is
/// `Equatable`, an action that leaves the state equal notifies no one.
///
/// Three ways to subscribe, from broad to narrow: ``subscribe(_:)`` (`(old, new)` after
/// every change), ``observe(_:onChange:)`` (a selected value, only when it changes) and
/// ``observe(key:_:onChange:)`` (the same, filed under a key: `affecting` tells which keys
/// an action can change, `nil` meaning any, and subscribers under other keys are not even
/// asked).
@MainActor
open class FluxStore<State, A: Action>: Store, StateObservable {
    /// The function that applies one action to the state and says what to do next.
    public typealias Reducer = @MainActor (inout State, A) -> Effect<A>
    /// A reducer that sees every action dispatched, not only those of type `A`; its
    /// effects still send `A`.
    public typealias AnyActionReducer = @MainActor (inout State, any Action) -> Effect<A>

    /// The current state; only the reducer changes it (and a ``RecorderMiddleware``'s
    /// time travel).
    ///
    /// Reading it from inside the store's own reducer stops the program: the reducer has
    /// the state `inout`, half made.
    public private(set) var state: State {
        get {
            precondition(!isReducing, "\(name)'s reducer read the store's own state, which it is changing")
            return current
        }
        set {
            precondition(!isReducing, "\(name)'s state was replaced while its reducer ran")
            current = newValue
        }
    }

    /// What ``state`` reads. Unchecked exclusivity: the reducer's `inout` access is the
    /// only one that lasts, and `isReducing` refuses every other meanwhile, which is what
    /// Swift's run-time check did, at a tenth of a dispatch's cost.
    @exclusivity(unchecked) private var current: State
    /// Whether the reducer has ``current`` `inout` now.
    @exclusivity(unchecked) private var isReducing = false

    private let handler: Handler
    /// Whether `A` is a class: then an action of a subclass is an `A` too, and only `as?`
    /// tells.
    private let actionIsClass = A.self is AnyClass
    private let notifier = ChangeNotifier<State>()
    private let effects: EffectRunner<A>

    /// The reducer as it was given. A typed one is called directly, once the action is
    /// known to be an `A`: no wrapping closure, and no second check for `affecting`.
    private enum Handler {
        case typed(Reducer, affecting: (@MainActor (A) -> [AnyHashable]?)?)
        case everyAction(AnyActionReducer, affecting: (@MainActor (any Action) -> [AnyHashable]?)?)
    }

    /// Creates the store and registers it with `dispatcher`.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - dispatcher: the dispatcher whose actions the store handles and its effects
    ///     send to.
    ///   - affecting: for an action, the keys of keyed subscriptions it can change, or
    ///     `nil` for any; leave it out when no one subscribes by key.
    ///   - reducer: runs for every action of type `A`.
    public init(
        initialState: State,
        dispatcher: Dispatcher = .shared,
        affecting: (@MainActor (A) -> [AnyHashable]?)? = nil,
        reducer: @escaping Reducer
    ) {
        current = initialState
        handler = .typed(reducer, affecting: affecting)
        effects = EffectRunner(dispatcher: dispatcher)
        super.init(dispatcher: dispatcher)
    }

    /// Creates a store whose reducer sees every action dispatched, and registers it with
    /// `dispatcher`.
    ///
    /// - Parameters:
    ///   - initialState: the state before any action.
    ///   - dispatcher: the dispatcher whose actions the store handles and its effects
    ///     send to.
    ///   - affecting: for an action, the keys of keyed subscriptions it can change, or
    ///     `nil` for any; leave it out when no one subscribes by key.
    ///   - handling: runs for every action.
    public init(
        initialState: State,
        dispatcher: Dispatcher = .shared,
        affecting: (@MainActor (any Action) -> [AnyHashable]?)? = nil,
        handling: @escaping AnyActionReducer
    ) {
        current = initialState
        handler = .everyAction(handling, affecting: affecting)
        effects = EffectRunner(dispatcher: dispatcher)
        super.init(dispatcher: dispatcher)
    }

    /// Runs the reducer, then the effect it returned, then tells subscribers.
    public final override func onDispatch(_ action: any Action) {
        switch handler {
        case .typed(let reducer, let affecting):
            if actionIsClass {
                reduceIfSubclass(action, reducer, affecting)
            } else {
                reduceIfA(action, reducer, affecting)
            }
        case .everyAction(let reducer, let affecting):
            let old = current
            isReducing = true
            let effect = reducer(&current, action)
            isReducing = false
            finish(old: old, effect: effect, keys: affecting?(action))
        }
    }

    /// Reduces `action` when it is an `A`, which for a value type means its type is `A`
    /// exactly: comparing the two types and reinterpreting the value spares `as?`'s dynamic
    /// cast and its look-up of `Optional<A>`'s metadata, half of a dispatch's cost.
    private func reduceIfA<Concrete: Action>(
        _ action: Concrete, _ reducer: Reducer, _ affecting: (@MainActor (A) -> [AnyHashable]?)?
    ) {
        guard Concrete.self == A.self else { return }
        // `Concrete` is `A` (checked above): the reinterpretation is exact.
        reduce(unsafeBitCast(action, to: A.self), reducer, affecting)
    }

    /// Reduces `action` when it is an `A` or a subclass of it. Not inlined: its `as?` needs
    /// `Optional<A>`'s metadata, whose look-up would otherwise be made on every dispatch.
    @inline(never)
    private func reduceIfSubclass(
        _ action: any Action, _ reducer: Reducer, _ affecting: (@MainActor (A) -> [AnyHashable]?)?
    ) {
        guard let action = action as? A else { return }
        reduce(action, reducer, affecting)
    }

    private func reduce(_ action: A, _ reducer: Reducer, _ affecting: (@MainActor (A) -> [AnyHashable]?)?) {
        let old = current
        isReducing = true
        let effect = reducer(&current, action)
        isReducing = false
        finish(old: old, effect: effect, keys: affecting?(action))
    }

    /// Runs the reducer's effect, then tells subscribers of the change from `old`.
    private func finish(old: State, effect: Effect<A>, keys: [AnyHashable]?) {
        // A copy: a subscriber may travel in time, which replaces `current`.
        let new = current
        // Effects first: a `.cancel` must hold before a subscriber can dispatch anything.
        effects.run(effect)
        notifier.emit(old: old, new: new, keys: keys, store: self)
    }

    /// Whether the reducer runs for `action`: every action for a store made with
    /// `handling:`, an `A` for the others. `FluxTesting` asks, to know which actions can
    /// change the stores it tests.
    package final func reduces(_ action: any Action) -> Bool {
        switch handler {
        case .typed: action is A
        case .everyAction: true
        }
    }

    // MARK: Subscribing

    /// Calls `subscriber` with the state before and after every change, until the
    /// receipt goes.
    public final func subscribe(_ subscriber: @escaping @MainActor (_ old: State, _ new: State) -> Void) -> Receipt {
        notifier.subscribe(subscriber)
    }

    /// Calls `onChange` with `select(state)` whenever that value changes.
    public final func observe<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        notifier.observe(current: state, select, onChange: onChange)
    }

    /// Like ``observe(_:onChange:)``, filed under `key`: an action whose `affecting`
    /// keys do not list `key` skips this subscriber entirely.
    public final func observe<Key: Hashable, Value: Equatable>(
        key: Key,
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        notifier.observe(key: key, current: state, select, onChange: onChange)
    }

    /// The number of live subscribers of every kind.
    public final var subscriberCount: Int { notifier.count + listenerCount }

    // MARK: Effects

    /// How many asynchronous effects are running now (a cancelled one counts until its
    /// task ends).
    public final var effectsInFlight: Int { effects.inFlight }

    /// Waits until no effect runs, for at most `timeout`; returns whether that happened.
    /// For tests (`FluxTesting`'s `TestStore.finish`) and orderly shutdown.
    public final func effectsFinished(timeout: Duration) async -> Bool {
        await effects.waitUntilIdle(timeout: timeout)
    }

    // MARK: Time travel

    /// Puts back a state captured by a ``RecorderMiddleware`` (the recorder alone can: a
    /// ``StateRecording``'s restore is not public).
    func restore(_ captured: Any) {
        guard let captured = captured as? State else { return }
        let old = state
        state = captured
        notifier.emit(old: old, new: state, keys: nil, store: self)
    }
}

extension FluxStore: Recordable {
    /// How a ``RecorderMiddleware`` captures and restores this store's state.
    public var recording: StateRecording {
        StateRecording(of: self, dispatcher: dispatcher, capture: { $0.state }, restore: { $0.restore($1) })
    }
}
