/// A store whose data is one value, `state`, that the world reads and only the store
/// writes.
///
/// Every write emits one change to subscribers with the state before and after it;
/// ``transaction(affecting:_:)`` makes any number of edits one change, and
/// ``batch(affecting:_:)`` does the same for calls to several writers. When `State`
/// is `Equatable` a write that leaves the state equal emits nothing.
///
/// Three ways to subscribe, from broad to narrow:
/// - ``subscribe(_:)``: `(old, new)` after every change.
/// - ``observe(_:onChange:)``: a selected value, called only when that value changes.
/// - ``observe(key:_:onChange:)``: the same, keyed (say by site id); when a transaction
///   names the keys it affects, subscribers under other keys are not even asked.
///
/// This is the shape the app migrates away from: its writers are `public`, so keeping
/// "only the store changes its state" is a convention here. ``FluxStore`` makes it a
/// rule the compiler keeps (a reducer, effects as values).
@MainActor
open class StatefulStore<State>: Store, StateObservable {
    /// The current state. Read-only outside the store: subclasses write it through
    /// ``setState(_:affecting:)``, ``mutate(affecting:_:)``, ``transaction(affecting:_:)``
    /// and ``batch(affecting:_:)``.
    public private(set) var state: State

    private let notifier = ChangeNotifier<State>()

    private var transactionDepth = 0
    private var stateBeforeTransaction: State?
    /// Keys the open transaction touches; `nil` once any part of it did not say.
    private var affectedKeys: Set<AnyHashable>? = []

    /// Creates the store with its first state and registers it with `dispatcher`.
    public init(initialState: State, dispatcher: Dispatcher = .shared) {
        state = initialState
        super.init(dispatcher: dispatcher)
    }
    // MARK: Writing (for the store itself)

    /// Replaces the state: one change.
    public final func setState(_ newState: State, affecting keys: [AnyHashable]? = nil) {
        transaction(affecting: keys) { $0 = newState }
    }

    /// Changes the state in place: one change. Same as ``transaction(affecting:_:)``.
    public final func mutate(affecting keys: [AnyHashable]? = nil, _ body: (inout State) -> Void) {
        transaction(affecting: keys, body)
    }

    /// Changes the state in place with any number of edits and emits a single change.
    ///
    /// `body` has exclusive access to the state: it must not call the store's other
    /// writers (Swift stops the program on such overlapping access). To group calls to
    /// several writers into one change, use ``batch(affecting:_:)``.
    ///
    /// - Parameters:
    ///   - keys: the keys of keyed subscriptions this change can affect; `nil` (the
    ///     default) means "any", and every keyed subscriber's selector runs.
    ///   - body: the edits, on the state in place.
    public final func transaction(affecting keys: [AnyHashable]? = nil, _ body: (inout State) -> Void) {
        guard transactionDepth == 0 else {
            beginChange(affecting: keys)
            body(&state)
            endChange()
            return
        }
        // Outside a batch (nearly always): no bookkeeping of nested changes.
        let old = state
        body(&state)
        emit(old: old, new: state, keys: keys)
    }

    /// Runs `body`, which may call any of the store's writers any number of times, and
    /// emits one change at the end of the outermost batch or transaction.
    public final func batch(affecting keys: [AnyHashable]? = nil, _ body: () -> Void) {
        beginChange(affecting: keys)
        body()
        endChange()
    }

    private func beginChange(affecting keys: [AnyHashable]?) {
        if transactionDepth == 0 {
            stateBeforeTransaction = state
            affectedKeys = []
        }
        if let keys { affectedKeys?.formUnion(keys) } else { affectedKeys = nil }
        transactionDepth += 1
    }

    private func endChange() {
        transactionDepth -= 1
        guard transactionDepth == 0, let old = stateBeforeTransaction else { return }
        stateBeforeTransaction = nil
        emit(old: old, new: state, keys: affectedKeys.map(Array.init))
    }

    // MARK: Subscribing

    /// Calls `subscriber` with the state before and after every change, until the
    /// receipt goes.
    public final func subscribe(_ subscriber: @escaping @MainActor (_ old: State, _ new: State) -> Void) -> Receipt {
        notifier.subscribe(subscriber)
    }

    /// Calls `onChange` with `select(state)` whenever that value changes (not when other
    /// parts of the state do). `select` runs once per change; keep it cheap.
    public final func observe<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        notifier.observe(current: state, select, onChange: onChange)
    }

    /// Like ``observe(_:onChange:)``, filed under `key`: a change made with
    /// `transaction(affecting: keys)` that does not list `key` skips this subscriber
    /// entirely, so thousands of keyed subscribers cost nothing for unrelated changes.
    public final func observe<Key: Hashable, Value: Equatable>(
        key: Key,
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        notifier.observe(key: key, current: state, select, onChange: onChange)
    }

    /// The number of live subscribers of every kind.
    public var subscriberCount: Int {
        notifier.count + listenerCount
    }

    // MARK: Internals

    private func emit(old: State, new: State, keys: [AnyHashable]?) {
        notifier.emit(old: old, new: new, keys: keys, store: self)
    }
}
