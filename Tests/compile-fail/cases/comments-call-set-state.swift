// Nor setState.
// expect: has no member 'setState'
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    store.setState(CommentsState())
}
