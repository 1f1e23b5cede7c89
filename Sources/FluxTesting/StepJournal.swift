import Flux

/// One store under test with its types erased: how to read its state, compare two of its
/// states and show how they differ, whether an action reaches its reducer, and its effects.
///
/// Holds the store weakly: the dispatcher keeps the ``StepJournal`` that keeps this, and
/// the store keeps the dispatcher, so a strong reference would make a cycle that outlives
/// the test (LeakSanitizer found one). ``TestStores`` keeps the stores alive.
@MainActor
struct HostedStore {
    let id: ObjectIdentifier
    let name: String
    let state: @MainActor () -> Any?
    let reduces: @MainActor (any Action) -> Bool
    let equal: (Any?, Any?) -> Bool
    let diff: (Any?, Any?) -> String
    let effectsInFlight: @MainActor () -> Int
    let effectsFinished: @MainActor (Duration) async -> Bool

    init<State: Equatable, A: Action>(_ store: FluxStore<State, A>) {
        id = ObjectIdentifier(store)
        name = store.name
        state = { [weak store] in store?.state }
        reduces = { [weak store] in store?.reduces($0) ?? false }
        equal = { $0 as? State == $1 as? State }
        diff = { expected, actual in
            guard let expected = expected as? State, let actual = actual as? State else { return "(the store is gone)" }
            return StateDiff.lines(expected: expected, actual: actual)
        }
        effectsInFlight = { [weak store] in store?.effectsInFlight ?? 0 }
        effectsFinished = { [weak store] timeout in await store?.effectsFinished(timeout: timeout) ?? true }
    }
}

/// One action that reached the stores under test, with their states before and after it.
struct Step {
    let action: any Action
    let before: TestStores.States
    let after: TestStores.States
}

/// Middleware that journals every action reaching the reducer of a store under test, with
/// the states of all of them around it, and wakes whoever waits for a step. Added last to
/// the dispatcher, so it sees what the stores get.
@MainActor
final class StepJournal: Middleware {
    private(set) var steps: [Step] = []
    private let hosted: [HostedStore]
    private let positions: [ObjectIdentifier: Int]
    private var waiters: [(index: Int, resume: @MainActor (Bool) -> Void)] = []

    init(hosting hosted: [HostedStore]) {
        self.hosted = hosted
        positions = Dictionary(hosted.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The states of the stores now.
    func states() -> TestStores.States {
        TestStores.States(values: hosted.map { $0.state() }, positions: positions, actualValues: nil)
    }

    func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        guard hosted.contains(where: { $0.reduces(action) }) else {
            next(action)
            return
        }
        let before = states()
        next(action)
        steps.append(Step(action: action, before: before, after: states()))
        let ready = waiters.filter { $0.index < steps.count }
        waiters.removeAll { $0.index < steps.count }
        for waiter in ready { waiter.resume(true) }
    }

    /// Waits until step `index` exists; false after `timeout`.
    func waitForStep(_ index: Int, timeout: Duration) async -> Bool {
        if index < steps.count { return true }
        let once = OneShotAnswer()
        waiters.append((index, { once.resume($0) }))
        let deadline = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            once.resume(false)
        }
        defer { deadline.cancel() }
        return await once.wait()
    }
}
