// Nor change a part of it in place (a notice, say).
// expect: setter is inaccessible
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    store.state.notice = nil
}
