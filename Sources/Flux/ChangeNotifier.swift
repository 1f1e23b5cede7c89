/// The subscribers of one ``FluxStore``'s state and how a change reaches them.
///
/// Notification order is the library's law: subscribers are called in subscription
/// order; one cancelled (or released) by an earlier subscriber of the same change is not
/// called; and while subscribers run, the store's dispatcher holds every dispatch they
/// make until all of them have seen this change.
@MainActor
final class ChangeNotifier<State> {
    typealias Callback = @MainActor (State, State) -> Void

    /// The lists hold ``Subscription`` objects as `AnyObject`: one concrete element type
    /// for every `State`, so the lists' code is specialized. Lists of `Callback` would
    /// look up type metadata on every change, which cost more than the rest of a dispatch.
    private let changeSubscribers = SubscriberList<AnyObject>()
    /// Unchecked exclusivity: read into a local before a walk, so no access lasts while a
    /// subscriber (which may subscribe) runs.
    @exclusivity(unchecked) private var keyedSubscribers: [AnyHashable: SubscriberList<AnyObject>] = [:]
    private let isUnchanged: ((State, State) -> Bool)?
    /// Looked up once, here, rather than on every change.
    private let subscriptionType = Subscription<State>.self
    private var nextSubscriberID = 0

    init() {
        isUnchanged = Equality.comparator(for: State.self)
    }

    /// The number of live subscribers.
    var count: Int {
        changeSubscribers.count + keyedSubscribers.values.reduce(0) { $0 + $1.count }
    }

    func subscribe(_ subscriber: @escaping Callback) -> Receipt {
        let id = makeSubscriberID()
        changeSubscribers.append(id: id, Subscription(subscriber))
        return Receipt { [weak self] in self?.changeSubscribers.remove(id: id) }
    }

    func observe<Value: Equatable>(
        current: State,
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        subscribe(Self.selection(select, initial: select(current), onChange: onChange))
    }

    func observe<Key: Hashable, Value: Equatable>(
        key: Key,
        current: State,
        _ select: @escaping @MainActor (State) -> Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Receipt {
        let id = makeSubscriberID()
        let key = AnyHashable(key)
        let list: SubscriberList<AnyObject>
        if let existing = keyedSubscribers[key] {
            list = existing
        } else {
            list = SubscriberList()
            keyedSubscribers[key] = list
        }
        list.append(id: id, Subscription(Self.selection(select, initial: select(current), onChange: onChange)))
        return Receipt { [weak self] in self?.removeKeyed(id: id, key: key) }
    }

    /// Tells `store`'s listeners and then every subscriber concerned that the state went
    /// from `old` to `new`; nothing when the two are equal. `keys` are the keys the change
    /// can affect (`nil`: any).
    func emit(old: State, new: State, keys: [AnyHashable]?, store: Store) {
        if let isUnchanged, isUnchanged(old, new) { return }
        let dispatcher = store.dispatcher
        dispatcher.holdDispatches()
        defer { dispatcher.releaseDispatches() }
        store.notifyListeners()
        let type = subscriptionType
        // Every element is a `Subscription<State>` (only this type appends to the lists).
        changeSubscribers.forEach { unsafeDowncast($0, to: type).notify(old, new) }
        let keyed = keyedSubscribers
        if let keys {
            for key in keys {
                guard let list = keyed[key] else { continue }
                list.forEach { unsafeDowncast($0, to: type).notify(old, new) }
            }
        } else if !keyed.isEmpty {
            for list in keyed.values { list.forEach { unsafeDowncast($0, to: type).notify(old, new) } }
        }
    }

    private func removeKeyed(id: Int, key: AnyHashable) {
        guard let list = keyedSubscribers[key] else { return }
        list.remove(id: id)
        if list.isEmpty { keyedSubscribers[key] = nil }
    }

    private func makeSubscriberID() -> Int {
        nextSubscriberID += 1
        return nextSubscriberID
    }

    /// Wraps a selector into a change callback that remembers the last value it reported.
    private static func selection<Value: Equatable>(
        _ select: @escaping @MainActor (State) -> Value,
        initial: Value,
        onChange: @escaping @MainActor (Value) -> Void
    ) -> Callback {
        let last = LastValue(initial)
        return { _, new in
            let value = select(new)
            guard value != last.value else { return }
            last.value = value
            onChange(value)
        }
    }
}

/// One subscriber's callback, as the subscriber lists hold it.
@MainActor
private final class Subscription<State> {
    let notify: @MainActor (State, State) -> Void
    init(_ notify: @escaping @MainActor (State, State) -> Void) { self.notify = notify }
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
        // `T` is `E` (checked above), so reinterpreting the values is exact; it spares
        // two dynamic casts on every change, which cost more than the rest of a dispatch.
        { lhs, rhs in unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self) }
    }
}
