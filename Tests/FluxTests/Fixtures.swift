import Flux

/// Actions and stores the Flux tests share.
enum CounterAction: Action, Equatable {
    case increment
    case add(Int)
    case reset
}

struct Tick: Action, Equatable { let task: Int; let n: Int }

/// A store that appends a label to a shared journal for each action it handles.
@MainActor
final class JournalStore: Store {
    let label: String
    var journal: Journal
    var onAction: (@MainActor (JournalStore, any Action) -> Void)?

    init(_ label: String, journal: Journal, dispatcher: Dispatcher) {
        self.label = label
        self.journal = journal
        super.init(dispatcher: dispatcher)
    }

    override nonisolated var name: String { "JournalStore(\(label))" }

    override func onDispatch(_ action: any Action) {
        journal.entries.append("\(label):\(action)")
        onAction?(self, action)
    }
}

@MainActor
final class Journal {
    var entries: [String] = []
}

/// A counter store: a ``FluxStore`` subclass, the shape an app's store takes (its reducer
/// given once, at `init`; readers added beside it).
@MainActor
final class CounterStore: FluxStore<Int, CounterAction> {
    init(dispatcher: Dispatcher) {
        super.init(initialState: 0, dispatcher: dispatcher) { count, action in
            switch action {
            case .increment: count += 1
            case .add(let n): count += n
            case .reset: count = 0
            }
            return .none
        }
    }

    /// A reader a subclass adds.
    var isEven: Bool { state % 2 == 0 }
}
