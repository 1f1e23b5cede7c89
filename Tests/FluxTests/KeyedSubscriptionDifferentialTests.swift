import Testing
import PropertyBased
import Flux

/// Changes counts at some keys; `naming` false: the store says it may change any key.
private struct Poke: Action, Equatable {
    let keys: [Int]
    let by: Int
    let naming: Bool
}

/// Issue 29: keyed subscriptions, which skip the subscribers of keys an action does not
/// name, against the plain way — every subscriber hears every change. Over generated runs
/// of actions naming some keys or none, subscribers added and cancelled on the way (several
/// on a key, keys no one watches), each keyed subscriber reports exactly what its twin,
/// subscribed to every change with the same selector, reports.
@MainActor
@Suite struct KeyedSubscriptionDifferentialTests {
    static let keys = 6

    /// One step: 0–4 an action (on 1–3 keys, naming them or not), 5–6 a subscription to a
    /// key, 7 a cancellation.
    static let step = zip(Gen.int(in: 0...7), Gen.int(in: 0...(keys - 1)).array(of: 1...3), Gen.int(in: -2...3), Gen.int(in: 0...40))

    /// 500 runs of 1–80 steps.
    @Test func keyedSubscribersHearWhatSubscribersOfEveryChangeHear() async {
        await propertyCheck(count: 500, input: Self.step.array(of: 1...80)) { steps in
            let dispatcher = Dispatcher()
            let store = FluxStore(
                initialState: [Int](repeating: 0, count: Self.keys), dispatcher: dispatcher,
                affecting: { (poke: Poke) in poke.naming ? poke.keys.map { AnyHashable($0) } : nil }
            ) { (counts: inout [Int], poke: Poke) in
                for key in poke.keys { counts[key] += poke.by }
                return .none
            }
            var keyedHeard: [Int: [Int]] = [:], everyHeard: [Int: [Int]] = [:]
            var receipts: [Int: (keyed: Receipt, every: Receipt)] = [:]
            var nextID = 0
            for (kind, keys, by, pick) in steps {
                switch kind {
                case 0...4:
                    dispatcher.dispatch(Poke(keys: keys, by: by, naming: kind != 4))
                case 5, 6:
                    let id = nextID, key = keys[0]
                    nextID += 1
                    let keyed = store.observe(key: key, { $0[key] }) { keyedHeard[id, default: []].append($0) }
                    let every = store.observe({ $0[key] }) { everyHeard[id, default: []].append($0) }
                    receipts[id] = (keyed, every)
                default:
                    guard !receipts.isEmpty else { continue }
                    let id = receipts.keys.sorted()[pick % receipts.count]
                    receipts[id]?.keyed.cancel()
                    receipts[id]?.every.cancel()
                    receipts[id] = nil
                }
            }
            #expect(keyedHeard == everyHeard, "\(steps.count) steps")
            withExtendedLifetime(receipts) {}
        }
    }
}
