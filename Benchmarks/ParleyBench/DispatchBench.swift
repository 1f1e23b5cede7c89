import Flux

/// The smallest action: a counter step.
enum BenchAction: Action {
    case increment
    case bump(key: Int)
}

/// A store whose state is many counters; `bump(key:)` changes one. With `keyed`, the store
/// says which key an action changes, so keyed subscribers under other keys are not asked;
/// without, it spares the subscriber figures that question on every action.
@MainActor
func countersStore(_ counters: Counters, keyed: Bool = false, dispatcher: Dispatcher) -> FluxStore<Counters, BenchAction> {
    var affecting: (@MainActor (BenchAction) -> [AnyHashable]?)?
    if keyed {
        affecting = { action in
            if case .bump(let key) = action { return [key] }
            return nil
        }
    }
    return FluxStore(initialState: counters, dispatcher: dispatcher, affecting: affecting) { state, action in
        switch action {
        case .increment: state.total += 1
        case .bump(let key): state.bump(key)
        }
        return .none
    }
}

/// Counters whose equality is one comparison (a version), as a well-made state's is:
/// the benchmark measures dispatching, not comparing 10,000 integers.
struct Counters: Equatable {
    var total = 0
    private(set) var values: [Int]
    private(set) var version = 0
    init(count: Int) { values = Array(repeating: 0, count: count) }
    mutating func bump(_ key: Int) {
        values[key] += 1
        version += 1
    }
    static func == (a: Counters, b: Counters) -> Bool { a.total == b.total && a.version == b.version }
}

/// The stores a waiting store's reducer has handle an action first; set once the stores
/// exist (their tokens come with them).
@MainActor
final class WaitList {
    var tokens: [DispatchToken] = []
}

/// A store that handles an action after the stores it waits for.
@MainActor
func waitingStore(dispatcher: Dispatcher, waitsFor: WaitList) -> FluxStore<Int, BenchAction> {
    FluxStore(initialState: 0, dispatcher: dispatcher) { (count: inout Int, action: BenchAction) in
        guard case .increment = action else { return .none }
        if !waitsFor.tokens.isEmpty { dispatcher.waitFor(waitsFor.tokens) }
        count += 1
        return .none
    }
}

@MainActor
enum DispatchBench {
    /// ns per dispatch, each sample the mean over a batch of dispatches.
    static func run(runs: Int) -> [Measurement] {
        var results: [Measurement] = []
        for subscribers in [1, 100, 10_000] {
            let dispatcher = Dispatcher()
            let store = countersStore(Counters(count: 1), dispatcher: dispatcher)
            var receipts: [Receipt] = []
            var sink = 0
            for _ in 0..<subscribers {
                store.subscribe { _, new in sink &+= new.total }.store(in: &receipts)
            }
            let batch = max(10, 2_000_000 / (subscribers + 20))
            results.append(perDispatch("dispatch.subscribers_\(subscribers)", runs: runs, batch: batch) {
                dispatcher.dispatch(BenchAction.increment)
            })
            blackHole(sink)
            blackHole(receipts)
        }
        do {
            let count = 10_000
            let dispatcher = Dispatcher()
            let store = countersStore(Counters(count: count), keyed: true, dispatcher: dispatcher)
            var receipts: [Receipt] = []
            var calls = 0
            for key in 0..<count {
                store.observe(key: key, { $0.values[key] }) { _ in calls += 1 }.store(in: &receipts)
            }
            var key = 0
            results.append(perDispatch("dispatch.keyed_10000_one_affected", runs: runs, batch: 20_000) {
                key = (key &+ 7919) % count
                dispatcher.dispatch(BenchAction.bump(key: key))
            })
            precondition(calls > 0, "keyed subscribers were never called")
            blackHole(receipts)
        }
        do {
            let dispatcher = Dispatcher()
            let (bWaits, cWaits) = (WaitList(), WaitList())
            let a = waitingStore(dispatcher: dispatcher, waitsFor: WaitList())
            let b = waitingStore(dispatcher: dispatcher, waitsFor: bWaits)
            let c = waitingStore(dispatcher: dispatcher, waitsFor: cWaits)
            // Registered a, b, c; c and b wait: c on both others, b on a.
            cWaits.tokens = [a.dispatchToken, b.dispatchToken]
            bWaits.tokens = [a.dispatchToken]
            results.append(perDispatch("dispatch.waitfor_3_stores", runs: runs, batch: 200_000) {
                dispatcher.dispatch(BenchAction.increment)
            })
            precondition(a.state == b.state && b.state == c.state)
        }
        return results
    }

    private static func perDispatch(_ name: String, runs: Int, batch: Int, _ body: () -> Void) -> Measurement {
        let samples = timeRuns(runs: runs) {
            for _ in 0..<batch { body() }
        }.map { $0 * 1e6 / Double(batch) }
        progress("\(name) done")
        return Measurement(name: name, unit: "ns", samples: samples)
    }
}
