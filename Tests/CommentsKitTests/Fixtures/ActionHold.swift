import Flux

/// Middleware that holds the actions a test names (a page's answer, the facts read again)
/// until the test lets them through: they reach the stores in the order the test decides,
/// not in the order the mock, the scheduler and the machine's load delivered them.
///
/// Tests used to get that order from a mock answering late (`routeLatency`): an hour of
/// latency held a request for the client's timeout only (15 s), which a run under
/// ThreadSanitizer could outlast (issue 35), and 300 ms held one only as long as the
/// machine was quick. A held action's request is answered already, so nothing about it can
/// time out or come early: its ticket stays in flight until the test releases it.
///
/// End it when the test is done (`defer { hold.end() }`): an action still held keeps the
/// dispatcher, which keeps the hold, a cycle LeakSanitizer reports.
@MainActor
final class ActionHold: Middleware {
    private let holds: @MainActor (any Action) -> Bool
    private weak var dispatcher: Dispatcher?
    private var isEnded = false
    private var held: [(action: any Action, next: MiddlewareNext)] = []
    private var waiters: [@MainActor (any Action) -> Bool] = []

    /// Holds, from now on, every action of type `A` that `dispatcher` is given and that
    /// satisfies `predicate`.
    init<A: Action>(on dispatcher: Dispatcher, holding type: A.Type, where predicate: @escaping @MainActor (A) -> Bool) {
        holds = { ($0 as? A).map(predicate) ?? false }
        self.dispatcher = dispatcher
        dispatcher.add(self)
    }

    /// Stops holding: what is still held is dropped (as answers to a store that went away
    /// would be), and the dispatcher lets the hold go.
    func end() {
        isEnded = true
        held = []
        dispatcher?.remove(self)
    }

    /// Keeps `action` if it is one to hold, else passes it on.
    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        guard !isEnded, holds(action) else {
            next(action)
            return
        }
        held.append((action, next))
        waiters.removeAll { $0(action) }
    }

    /// Waits until a held action of type `A` satisfying `predicate` is here (one held
    /// already counts) and returns it. Resumes on its very dispatch; `timeout` is only a
    /// safety net against a hang.
    func arrival<A: Action>(
        _ type: A.Type,
        where predicate: @escaping @MainActor (A) -> Bool = { _ in true },
        timeout: Duration = .safetyNet
    ) async throws -> A {
        if let found = held.lazy.compactMap({ $0.action as? A }).first(where: predicate) { return found }
        let waiter = ArrivalWaiter<A>()
        waiters.append { action in
            guard let action = action as? A, predicate(action) else { return false }
            waiter.resume(with: .success(action))
            return true
        }
        let deadline = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            waiter.resume(with: .failure(ActionNeverHeld(type: "\(A.self)", timeout: timeout)))
        }
        defer { deadline.cancel() }
        return try await waiter.wait()
    }

    /// Lets the held actions of type `A` that satisfy `predicate` go on to the stores, in the
    /// order they came; they are handled before this returns. Returns how many went.
    @discardableResult
    func release<A: Action>(_ type: A.Type, where predicate: @MainActor (A) -> Bool = { _ in true }) -> Int {
        var going: [(action: any Action, next: MiddlewareNext)] = []
        held.removeAll { entry in
            guard let action = entry.action as? A, predicate(action) else { return false }
            going.append(entry)
            return true
        }
        for (action, next) in going { next(action) }
        return going.count
    }
}

/// No action the test waited for was held in time.
struct ActionNeverHeld: Error, CustomStringConvertible {
    let type: String
    let timeout: Duration

    var description: String { "no \(type) the test waited for was held within \(timeout)" }
}

/// One wait of ``ActionHold/arrival(_:where:timeout:)``: the first outcome wins.
@MainActor
private final class ArrivalWaiter<A> {
    private var continuation: CheckedContinuation<Void, Never>?
    private var outcome: Result<A, any Error>?

    func wait() async throws -> A {
        if outcome == nil { await withCheckedContinuation { continuation = $0 } }
        guard let outcome else { preconditionFailure("resumed without an outcome") }
        return try outcome.get()
    }

    func resume(with result: Result<A, any Error>) {
        guard outcome == nil else { return }
        outcome = result
        continuation?.resume()
        continuation = nil
    }
}
