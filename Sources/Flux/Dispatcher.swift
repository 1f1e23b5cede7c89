import Foundation

/// Delivers every action to every registered callback, one action at a time, in
/// registration order.
///
/// - An action dispatched while another is being delivered, or while a store notifies
///   its subscribers (from a store, a subscriber, middleware or an effect), waits in a
///   queue and is delivered after the current one, in the order dispatched: deliveries
///   never interleave, every subscriber sees every change in order, and re-entrance
///   never crashes.
/// - ``waitFor(_:)`` lets a handler have other handlers see the current action first.
/// - ``Middleware`` sees every action first and decides what the stores get.
///
/// The dispatcher lives on the main actor, like the stores. From any other task,
/// `await dispatcher.dispatch(action)` hops there; ``post(_:)`` does the same without
/// waiting, from synchronous code on any thread, keeping the order of posts.
@MainActor
public final class Dispatcher {
    /// The process-wide dispatcher that stores use when given none.
    public static let shared = Dispatcher()

    /// One registration, and where it stands with the action being delivered: it has
    /// started (or finished) the delivery numbered `startedDelivery`/`finishedDelivery`.
    private final class Registration {
        let token: DispatchToken
        let name: String
        let callback: @MainActor (any Action) -> Void
        @exclusivity(unchecked) var isActive = true
        @exclusivity(unchecked) var startedDelivery: UInt64 = 0
        @exclusivity(unchecked) var finishedDelivery: UInt64 = 0

        init(token: DispatchToken, name: String, callback: @escaping @MainActor (any Action) -> Void) {
            self.token = token
            self.name = name
            self.callback = callback
        }
    }

    /// An action waiting for its turn, and where in the middleware chain it goes on
    /// (a fresh dispatch starts at the first middleware with a new id).
    private struct Pending {
        let action: any Action
        var id: DispatchID?
        var chain: [any Middleware]?
        var index = 0
    }

    // The properties a dispatch touches have unchecked exclusivity: the runtime's check
    // of each access cost more than a third of a dispatch, and none is needed, since every
    // access is instantaneous (a read, a write, an append; never an `inout` held across a
    // call out of this file), so no two can overlap.
    @exclusivity(unchecked) private var registrations: [Registration] = []
    private var nextToken = 0
    @exclusivity(unchecked) private var nextDispatchID: UInt64 = 0
    @exclusivity(unchecked) private var queue: [Pending] = []
    @exclusivity(unchecked) private var queueHead = 0
    @exclusivity(unchecked) private var delivery: UInt64 = 0
    @exclusivity(unchecked) private var handlingChain: [Registration] = []
    @exclusivity(unchecked) private var middleware: [any Middleware] = []
    /// Stages of the middleware chain now on the stack: a `next` called from one of them
    /// delivers inline, any other is a delayed one and queues.
    private var openStages: [UInt64] = []
    private var nextStage: UInt64 = 0
    /// How many stores are notifying subscribers now; dispatches wait while any is.
    @exclusivity(unchecked) private var holds = 0

    /// Makes an independent dispatcher (tests use their own).
    public init() {}

    /// Whether an action is being delivered right now.
    @exclusivity(unchecked) public private(set) var isDispatching = false

    /// Whether the effects of this dispatcher's stores run; a replay sets
    /// ``EffectPolicy/suppress`` before the stores see their first action.
    public var effectPolicy: EffectPolicy = .run

    /// The number of registered callbacks.
    public var registrationCount: Int { registrations.count }

    /// Registers `callback` to receive every action from now on, after those registered
    /// before it. `name` appears in failure messages (a `waitFor` cycle names the stores).
    @discardableResult
    public func register(name: String, _ callback: @escaping @MainActor (any Action) -> Void) -> DispatchToken {
        nextToken += 1
        let token = DispatchToken(rawValue: nextToken)
        registrations.append(Registration(token: token, name: name, callback: callback))
        return token
    }

    /// Stops delivering actions to the registration `token`, at once (also within the
    /// action being delivered). Unknown tokens are ignored.
    public func unregister(_ token: DispatchToken) {
        guard let index = registrations.firstIndex(where: { $0.token == token }) else { return }
        registrations[index].isActive = false
        registrations.remove(at: index)
    }

    /// Adds middleware; it sees every action dispatched from now on, after the middleware
    /// added before it.
    public func add(_ middleware: any Middleware) {
        self.middleware.append(middleware)
    }

    /// Removes middleware added with ``add(_:)``.
    public func remove(_ middleware: any Middleware) {
        self.middleware.removeAll { $0 === middleware }
    }

    /// Delivers `action` through the middleware to every registration; if an action is
    /// being delivered already, or a store is notifying its subscribers, queues it to
    /// follow (first in, first out).
    public func dispatch(_ action: any Action) {
        enqueue(Pending(action: action))
    }

    /// Dispatches `action` on the main actor from synchronous code on any thread, without
    /// waiting. Posts from one thread are delivered in the order posted.
    public nonisolated func post(_ action: any Action) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.dispatch(action) }
        }
    }

    /// Called from inside a handler: makes the registrations `tokens` handle the current
    /// action now, before the caller goes on. Those that already handled it are skipped.
    ///
    /// Waiting on a registration that is itself waiting (a cycle) is a programmer error:
    /// the process stops with a message naming every registration in the cycle.
    public func waitFor(_ tokens: [DispatchToken]) {
        guard deliveries > 0 else {
            preconditionFailure("waitFor(_:) called outside of a dispatch")
        }
        let current = currentAction
        for token in tokens {
            guard let registration = registrations.first(where: { $0.token == token }) else { continue }
            if registration.finishedDelivery == delivery { continue }
            if registration.startedDelivery == delivery {
                preconditionFailure("waitFor cycle: \(cycleDescription(closingAt: registration))")
            }
            invoke(registration, with: current)
        }
    }

    // MARK: Holding dispatches while stores notify

    /// Queues every dispatch until the matching ``releaseDispatches()``: a store calls it
    /// around notifying its subscribers, so a dispatch from one of them follows the
    /// change every subscriber is being told about, whatever caused that change.
    func holdDispatches() {
        holds += 1
    }

    /// Ends a ``holdDispatches()``; the last one delivers what was queued meanwhile,
    /// unless a delivery is under way (which will).
    func releaseDispatches() {
        holds -= 1
        if holds == 0 && !isDispatching && queueHead < queue.count { drain() }
    }

    // MARK: Delivery

    /// The action the stores are handling (what ``waitFor(_:)`` hands on); meaningful
    /// while `deliveries` is above zero. Not optional: copying an optional existential
    /// costs a generic look-up of its case on every dispatch.
    @exclusivity(unchecked) private var currentAction: any Action = NoAction()
    /// How many deliveries to the stores are under way (nested ones only in theory).
    @exclusivity(unchecked) private var deliveries = 0

    /// Whether the stores are being handed an action now (when ``waitFor(_:)`` may be called).
    public var isDelivering: Bool { deliveries > 0 }

    private func enqueue(_ pending: Pending) {
        if isDispatching || holds > 0 {
            queue.append(pending)
            return
        }
        isDispatching = true
        process(pending)
        isDispatching = false
        if queueHead < queue.count { drain() }
    }

    private func drain() {
        isDispatching = true
        while queueHead < queue.count {
            let next = queue[queueHead]
            queueHead += 1
            process(next)
        }
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        isDispatching = false
    }

    private func process(_ pending: Pending) {
        let id = pending.id ?? makeDispatchID()
        let chain = pending.chain ?? middleware
        run(pending.action, id: id, chain: chain, at: pending.index)
    }

    private func makeDispatchID() -> DispatchID {
        nextDispatchID += 1
        return DispatchID(rawValue: nextDispatchID)
    }

    /// Hands `action` to the middleware at `index` of `chain`, or to the stores past its end.
    private func run(_ action: any Action, id: DispatchID, chain: [any Middleware], at index: Int) {
        guard index < chain.count else {
            deliverToStores(action)
            return
        }
        nextStage += 1
        let stage = nextStage
        openStages.append(stage)
        defer { openStages.removeLast() }
        let next = MiddlewareNext(dispatcher: self, id: id, chain: chain, index: index + 1, stage: stage)
        chain[index].intercept(action, id: id, next: next)
    }

    /// What ``MiddlewareNext`` does: inline while its middleware runs, queued after.
    func resume(_ action: any Action, id: DispatchID, chain: [any Middleware], at index: Int, stage: UInt64) {
        if openStages.contains(stage) {
            run(action, id: id, chain: chain, at: index)
        } else {
            enqueue(Pending(action: action, id: id, chain: chain, index: index))
        }
    }

    private func deliverToStores(_ action: any Action) {
        delivery += 1
        let outer = currentAction
        currentAction = action
        deliveries += 1
        let registrations = registrations
        for registration in registrations where registration.startedDelivery != delivery {
            guard registration.isActive else { continue }
            invoke(registration, with: action)
        }
        deliveries -= 1
        currentAction = outer
    }

    private func invoke(_ registration: Registration, with action: any Action) {
        registration.startedDelivery = delivery
        handlingChain.append(registration)
        registration.callback(action)
        handlingChain.removeLast()
        registration.finishedDelivery = delivery
    }

    /// "A → B → A": the registrations from the first wait on `registration` to it again.
    private func cycleDescription(closingAt registration: Registration) -> String {
        let start = handlingChain.firstIndex { $0 === registration } ?? 0
        let names = (handlingChain[start...] + [registration]).map(\.name)
        return names.joined(separator: " → ")
    }
}

/// What ``Dispatcher``'s current action holds between deliveries.
private struct NoAction: Action {}
