import Foundation

/// Delivers every action to every registered callback, one action at a time, in
/// registration order.
///
/// - An action dispatched while another is being delivered (from a store, a listener or
///   middleware) waits in a queue and is delivered after the current one, in the order
///   dispatched: deliveries never interleave and re-entrance never crashes.
/// - ``waitFor(_:)`` lets a handler have other handlers see the current action first.
/// - ``Middleware`` sees every action before and after delivery.
///
/// The dispatcher lives on the main actor, like the stores. From any other task,
/// `await dispatcher.dispatch(action)` hops there; ``post(_:)`` does the same without
/// waiting, from synchronous code on any thread, keeping the order of posts.
@MainActor
public final class Dispatcher {
    /// The process-wide dispatcher that stores use when given none.
    public static let shared = Dispatcher()

    private struct Registration {
        let token: DispatchToken
        let name: String
        let callback: @MainActor (any Action) -> Void
    }

    /// Where each registration stands with the action being delivered.
    private enum Progress { case handling, handled }

    private var registrations: [Registration] = []
    private var nextToken = 0
    private var nextDispatchID: UInt64 = 0
    private var queue: [any Action] = []
    private var queueHead = 0
    private var progress: [DispatchToken: Progress] = [:]
    private var handlingChain: [DispatchToken] = []
    private var middleware: [any Middleware] = []

    /// Makes an independent dispatcher (tests use their own).
    public init() {}

    /// Whether an action is being delivered right now.
    public private(set) var isDispatching = false

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

    /// Stops delivering actions to the registration `token`. Unknown tokens are ignored.
    public func unregister(_ token: DispatchToken) {
        registrations.removeAll { $0.token == token }
        progress[token] = nil
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

    /// Delivers `action` to every registration; if an action is being delivered already,
    /// queues it to follow (first in, first out).
    public func dispatch(_ action: any Action) {
        queue.append(action)
        guard !isDispatching else { return }
        isDispatching = true
        defer { isDispatching = false }
        while queueHead < queue.count {
            let next = queue[queueHead]
            queueHead += 1
            deliver(next)
        }
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
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
        guard let current = currentAction else {
            preconditionFailure("waitFor(_:) called outside of a dispatch")
        }
        for token in tokens {
            switch progress[token] {
            case .handled:
                continue
            case .handling:
                preconditionFailure("waitFor cycle: \(cycleDescription(closingAt: token))")
            case nil:
                guard let registration = registrations.first(where: { $0.token == token }) else { continue }
                invoke(registration, with: current)
            }
        }
    }

    private var currentAction: (any Action)?

    private func deliver(_ action: any Action) {
        nextDispatchID += 1
        let id = DispatchID(rawValue: nextDispatchID)
        for item in middleware { item.willDispatch(action, id: id) }
        currentAction = action
        progress.removeAll(keepingCapacity: true)
        for registration in registrations where progress[registration.token] == nil {
            invoke(registration, with: action)
        }
        currentAction = nil
        for item in middleware { item.didDispatch(action, id: id) }
    }

    private func invoke(_ registration: Registration, with action: any Action) {
        progress[registration.token] = .handling
        handlingChain.append(registration.token)
        registration.callback(action)
        handlingChain.removeLast()
        progress[registration.token] = .handled
    }

    /// "A → B → A": the registrations from the first wait on `token` to `token` again.
    private func cycleDescription(closingAt token: DispatchToken) -> String {
        let start = handlingChain.firstIndex(of: token) ?? 0
        let names = (handlingChain[start...] + [token]).map(name(of:))
        return names.joined(separator: " → ")
    }

    private func name(of token: DispatchToken) -> String {
        registrations.first { $0.token == token }?.name ?? token.description
    }
}
