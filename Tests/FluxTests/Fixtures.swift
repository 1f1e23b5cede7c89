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

/// The counter from the README, as a StatefulStore.
@MainActor
final class CounterStore: StatefulStore<Int> {
    init(dispatcher: Dispatcher) { super.init(initialState: 0, dispatcher: dispatcher) }

    override func onDispatch(_ action: any Action) {
        guard let action = action as? CounterAction else { return }
        switch action {
        case .increment: mutate { $0 += 1 }
        case .add(let n): mutate { $0 += n }
        case .reset: setState(0)
        }
    }
}
