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
@MainActor
open class StatefulStore<State>: Store {
    /// The current state. Read-only outside the store: subclasses write it through
    /// ``setState(_:affecting:)``, ``mutate(affecting:_:)``, ``transaction(affecting:_:)``
    /// and ``batch(affecting:_:)``.
    public private(set) var state: State

    private let isUnchanged: ((State, State) -> Bool)?
    private var changeSubscribers = SubscriberList<@MainActor (State, State) -> Void>()
    private var keyedSubscribers: [AnyHashable: SubscriberList<@MainActor (State, State) -> Void>] = [:]
    private var nextSubscriberID = 0

    private var transactionDepth = 0
    private var stateBeforeTransaction: State?
    /// Keys the open transaction touches; `nil` once any part of it did not say.
    private var affectedKeys: Set<AnyHashable>? = []

    /// Creates the store with its first state and registers it with `dispatcher`.
    public init(initialState: State, dispatcher: Dispatcher = .shared) {
        state = initialState
        isUnchanged = Equality.comparator(for: State.self)
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
    /// - Parameter keys: the keys of keyed subscriptions this change can affect; `nil`
    ///   (the default) means "any", and every keyed subscriber's selector runs.
    public final func transaction(affecting keys: [AnyHashable]? = nil, _ body: (inout State) -> Void) {
        beginChange(affecting: keys)
        body(&state)
        endChange()
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
        emit(old: old, new: state, keys: affectedKeys)
    }

    // MARK: Subscribing

    /// Calls `subscriber` with the state before and after every change, until the
    /// receipt goes.
    public final func subscribe(_ subscriber: @escaping @MainActor (_ old: State, _ new: State) -> Void) -> Receipt {
        let id = makeSubscriberID()
        changeSubscribers.append(id: id, subscriber)
        return Receipt { [weak self] in self?.changeSubscribers.remove(id: id) }
    }

    /// Calls `onChange` with `select(state)` whenever that value changes (not when other
    /// parts of the state do). `select` runs once per change; keep it cheap.
    public final func observe<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        subscribe(Self.selection(select, initial: select(state), onChange: onChange))
    }

    /// Like ``observe(_:onChange:)``, filed under `key`: a change made with
    /// `transaction(affecting: keys)` that does not list `key` skips this subscriber
    /// entirely, so thousands of keyed subscribers cost nothing for unrelated changes.
    public final func observe<Key: Hashable, Value: Equatable>(
        key: Key,
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        let id = makeSubscriberID()
        let key = AnyHashable(key)
        let callback = Self.selection(select, initial: select(state), onChange: onChange)
        keyedSubscribers[key, default: SubscriberList()].append(id: id, callback)
        return Receipt { [weak self] in
            self?.keyedSubscribers[key]?.remove(id: id)
            if self?.keyedSubscribers[key]?.isEmpty == true { self?.keyedSubscribers[key] = nil }
        }
    }

    /// The number of live subscribers of every kind.
    public var subscriberCount: Int {
        changeSubscribers.count + keyedSubscribers.values.reduce(0) { $0 + $1.count } + listenerCount
    }

    // MARK: Internals

    private func makeSubscriberID() -> Int {
        nextSubscriberID += 1
        return nextSubscriberID
    }

    private func emit(old: State, new: State, keys: Set<AnyHashable>?) {
        if let isUnchanged, isUnchanged(old, new) { return }
        emitChange()
        changeSubscribers.forEach { $0(old, new) }
        if let keys {
            for key in keys { keyedSubscribers[key]?.forEach { $0(old, new) } }
        } else {
            for list in keyedSubscribers.values { list.forEach { $0(old, new) } }
        }
    }

    /// Wraps a selector into a change callback that remembers the last value it reported.
    private static func selection<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        initial: Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> @MainActor (State, State) -> Void {
        let last = LastValue(initial)
        return { _, new in
            let value = select(new)
            guard value != last.value else { return }
            last.value = value
            onChange(value)
        }
    }
}

/// The last value a selector reported.
@MainActor
private final class LastValue<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Finds `==` for a generic type at run time, when it has one.
enum Equality {
    static func comparator<T>(for type: T.Type) -> ((T, T) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return comparator(equatable, as: T.self)
    }

    private static func comparator<E: Equatable, T>(_: E.Type, as _: T.Type) -> (T, T) -> Bool {
        { lhs, rhs in
            guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
            return lhs == rhs
        }
    }
}
