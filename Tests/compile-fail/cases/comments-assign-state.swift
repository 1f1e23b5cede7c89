// Code outside CommentsKit cannot replace the comments store's state.
// expect: setter is inaccessible
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    store.state = CommentsState()
}
