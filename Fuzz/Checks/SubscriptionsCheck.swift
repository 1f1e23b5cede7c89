import Flux

/// Keyed subscriptions, which skip the subscribers of keys an action does not name,
/// against the plain way: every subscriber hears every change and keeps what its key
/// selects (issue 29; the fuzzing twin of KeyedSubscriptionDifferentialTests). Each keyed
/// subscriber must report exactly what its twin, subscribed to every change with the same
/// selector, reports.
///
/// The input is a script of up to 80 steps of 3 bytes on a store of 6 counts: the first
/// byte's low 3 bits say what (0–3 change the counts at 1–3 keys, naming them; 4 changes
/// them without naming any, so every subscriber runs; 5–6 subscribe to a key; 7 cancels a
/// subscription), its next bits how many keys; the second byte gives the keys, the third
/// how much the counts change by and which subscription a cancellation picks.
///
/// Stores live on the main actor: this runs there (libFuzzer and the replayer call it on
/// the main thread, the replay test is main-actor isolated).
enum SubscriptionsCheck {
    static let keys = 6

    /// Changes counts at some keys; `naming` false: the store says it may change any key.
    struct Poke: Action, Equatable {
        let keys: [Int]
        let by: Int
        let naming: Bool
    }

    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let violation = MainActor.assumeIsolated { runOnMainActor(input) }
        if let violation { throw violation }
    }

    @MainActor
    static func runOnMainActor(_ input: [UInt8]) -> FuzzViolation? {
        let dispatcher = Dispatcher()
        let store = FluxStore(
            initialState: [Int](repeating: 0, count: keys), dispatcher: dispatcher,
            affecting: { (poke: Poke) in poke.naming ? poke.keys.map { AnyHashable($0) } : nil }
        ) { (counts: inout [Int], poke: Poke) in
            for key in poke.keys { counts[key] += poke.by }
            return .none
        }
        var keyedHeard: [Int: [Int]] = [:], everyHeard: [Int: [Int]] = [:]
        var receipts: [Int: (keyed: Receipt, every: Receipt)] = [:]
        var nextID = 0
        var script: [String] = []
        for start in stride(from: 0, to: min(input.count, 80 * 3) - 2, by: 3) {
            let kind = Int(input[start]) % 8, keyCount = Int(input[start] >> 3) % 3 + 1
            let keyByte = Int(input[start + 1]), last = Int(input[start + 2])
            let stepKeys = [keyByte % keys, keyByte / keys % keys, keyByte / (keys * keys) % keys].prefix(keyCount)
            switch kind {
            case 0...4:
                let poke = Poke(keys: Array(stepKeys), by: last % 6 - 2, naming: kind != 4)
                script.append("\(poke.naming ? "change" : "change unnamed") \(poke.keys) by \(poke.by)")
                dispatcher.dispatch(poke)
            case 5, 6:
                let id = nextID, key = stepKeys[0]
                nextID += 1
                script.append("subscribe #\(id) to \(key)")
                let keyed = store.observe(key: key, { $0[key] }) { keyedHeard[id, default: []].append($0) }
                let every = store.observe({ $0[key] }) { everyHeard[id, default: []].append($0) }
                receipts[id] = (keyed, every)
            default:
                guard !receipts.isEmpty else { continue }
                let id = receipts.keys.sorted()[last % receipts.count]
                script.append("cancel #\(id)")
                receipts[id]?.keyed.cancel()
                receipts[id]?.every.cancel()
                receipts[id] = nil
            }
            if keyedHeard != everyHeard {
                return FuzzViolation("after \(script.joined(separator: "; ")): keyed subscribers heard \(keyedHeard), subscribers of every change \(everyHeard)")
            }
        }
        withExtendedLifetime(receipts) {}
        return nil
    }
}
