import Flux

/// Why `state(where:timeout:)` gave up.
public struct StateExpectationTimedOut: Error, CustomStringConvertible {
    /// How long it waited.
    public let timeout: Duration
    /// The store's name.
    public let store: String

    /// Which store, and how long.
    public var description: String {
        "\(store) never reached the expected state within \(timeout)"
    }
}

extension StateObservable {
    /// Waits until the store's state satisfies `predicate` and returns that state.
    ///
    /// Checks the current state first, then every change. This is how a test waits for
    /// asynchronous work (a fetch answered by the mock) without sleeping: it resumes on
    /// the very change it waits for. `timeout` is only a safety net against a hang
    /// (``Swift/Duration/safetyNet``).
    public func state(
        where predicate: @escaping @MainActor (State) -> Bool,
        timeout: Duration = .safetyNet
    ) async throws -> State {
        if predicate(state) { return state }
        let waiter = StateWaiter<State>()
        let receipt = subscribe { _, new in
            if predicate(new) { waiter.resume(with: .success(new)) }
        }
        defer { receipt.cancel() }
        let deadline = Task { @MainActor [name] in
            try? await Task.sleep(for: timeout)
            waiter.resume(with: .failure(StateExpectationTimedOut(timeout: timeout, store: name)))
        }
        defer { deadline.cancel() }
        return try await waiter.wait()
    }
}

/// A one-shot wait: the first outcome wins, later ones are ignored. The matched state is
/// kept here on the main actor and only a signal crosses the continuation.
@MainActor
private final class StateWaiter<State> {
    private var continuation: CheckedContinuation<Void, Never>?
    private var outcome: Result<State, any Error>?

    func wait() async throws -> State {
        if outcome == nil {
            await withCheckedContinuation { continuation = $0 }
        }
        guard let outcome else { preconditionFailure("resumed without an outcome") }
        return try outcome.get()
    }

    func resume(with result: Result<State, any Error>) {
        guard outcome == nil else { return }
        outcome = result
        continuation?.resume()
        continuation = nil
    }
}
