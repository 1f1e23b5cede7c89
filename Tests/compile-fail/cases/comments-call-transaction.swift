// Nor transaction.
// expect: has no member 'transaction'
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    store.transaction { $0.lastUndo = nil }
}
