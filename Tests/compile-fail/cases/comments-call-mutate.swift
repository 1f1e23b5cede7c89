// Nor call a writer: the comments store has none (it was a QueryStore, whose mutate was public).
// expect: has no member 'mutate'
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    store.mutate { $0.undoStack = [] }
}
