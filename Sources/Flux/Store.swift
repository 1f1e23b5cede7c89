/// Holds the data and the business logic of one domain, and is the only thing allowed to
/// change that data — in answer to an action.
///
/// A store registers with its dispatcher when created and unregisters when released;
/// views subscribe with ``addListener(_:)`` and hold the returned ``Receipt``. The base of
/// ``FluxStore``, which is what an app's stores are: their state changes only in their
/// reducer. A direct subclass overrides ``onDispatch(_:)`` and keeps no observable state
/// (tests use one to watch the order of deliveries).
@MainActor
open class Store {
    /// The dispatcher this store receives actions from.
    public let dispatcher: Dispatcher
    /// This store's registration with ``dispatcher``; pass it to ``Dispatcher/waitFor(_:)``.
    public private(set) var dispatchToken = DispatchToken(rawValue: 0)

    private let listeners = SubscriberList<@MainActor () -> Void>()
    private var nextListenerID = 0

    /// Creates the store and registers it with `dispatcher`.
    public init(dispatcher: Dispatcher = .shared) {
        self.dispatcher = dispatcher
        dispatchToken = dispatcher.register(name: name) { [weak self] action in
            self?.onDispatch(action)
        }
    }

    isolated deinit {
        dispatcher.unregister(dispatchToken)
    }

    /// The store's name in logs and failure messages: its type name unless overridden.
    open nonisolated var name: String { String(describing: type(of: self)) }

    /// Handles one action. The default ignores everything.
    open func onDispatch(_ action: any Action) {}

    /// Calls `listener` after every change this store emits, until the receipt goes.
    public func addListener(_ listener: @escaping @MainActor () -> Void) -> Receipt {
        nextListenerID += 1
        let id = nextListenerID
        listeners.append(id: id, listener)
        return Receipt { [weak listeners] in listeners?.remove(id: id) }
    }

    /// The number of live listeners added with ``addListener(_:)``.
    public var listenerCount: Int { listeners.count }

    /// Calls the listeners, in the order they were added (the caller holds dispatches).
    func notifyListeners() {
        listeners.forEach { $0() }
    }
}
