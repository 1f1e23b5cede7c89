import Flux

/// Records every action a dispatcher delivers, in order, for assertions:
///
/// ```swift
/// let log = ActionLog(on: dispatcher)
/// dispatcher.dispatch(CounterAction.increment)
/// #expect(log.actions(of: CounterAction.self) == [.increment])
/// ```
@MainActor
public final class ActionLog: Middleware {
    /// Every action delivered since the log was made, in delivery order.
    public private(set) var actions: [any Action] = []

    /// Starts recording what `dispatcher` delivers.
    public init(on dispatcher: Dispatcher) {
        dispatcher.add(self)
    }

    /// Records `action`.
    public func willDispatch(_ action: any Action, id: DispatchID) {
        actions.append(action)
    }

    /// The recorded actions of type `A`, in order.
    public func actions<A: Action>(of type: A.Type) -> [A] {
        actions.compactMap { $0 as? A }
    }

    /// Forgets what was recorded so far.
    public func clear() { actions.removeAll() }

    /// Waits until an action of type `A` satisfying `predicate` has been delivered (one
    /// already recorded counts) and returns it. Resumes on the very delivery; `timeout`
    /// is only a safety net against a hang.
    public func first<A: Action>(
        _ type: A.Type,
        where predicate: @escaping @MainActor (A) -> Bool = { _ in true },
        timeout: Duration = .safetyNet
    ) async throws -> A {
        if let found = actions(of: A.self).first(where: predicate) { return found }
        return try await withCheckedThrowingContinuation { continuation in
            let waiter = Waiter(continuation: continuation)
            waiters.append { action in
                guard let action = action as? A, predicate(action) else { return false }
                waiter.resume(with: .success(action))
                return true
            }
            Task { @MainActor in
                try? await Task.sleep(for: timeout)
                waiter.resume(with: .failure(ActionLogTimedOut(timeout: timeout, type: "\(A.self)")))
            }
        }
    }

    private var waiters: [@MainActor (any Action) -> Bool] = []

    /// Wakes the waiters whose action this is.
    public func didDispatch(_ action: any Action, id: DispatchID) {
        waiters.removeAll { $0(action) }
    }
}

/// Why ``ActionLog/first(_:where:timeout:)`` gave up.
public struct ActionLogTimedOut: Error, CustomStringConvertible {
    /// How long it waited.
    public let timeout: Duration
    /// The action type it waited for.
    public let type: String

    /// What was waited for, and how long.
    public var description: String { "no \(type) was dispatched within \(timeout)" }
}

/// Resumes a continuation once; later resumes are ignored.
@MainActor
private final class Waiter<A: Sendable> {
    private var continuation: CheckedContinuation<A, any Error>?
    init(continuation: CheckedContinuation<A, any Error>) { self.continuation = continuation }
    func resume(with result: Result<A, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
}
