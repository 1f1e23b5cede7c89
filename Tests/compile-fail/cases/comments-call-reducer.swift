// Nor run the store's reducer on a state of its own choosing and hand it in: the reducer
// is CommentsKit's.
// expect: cannot find 'CommentsReducer' in scope
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    var state = store.state
    _ = CommentsReducer(sites: [], ttl: 60, pageSize: 100, now: { .now }).reduce(&state, CommentsAction.undo)
}
