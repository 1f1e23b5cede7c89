// Nor put a state back: time travel's restore is Flux's alone.
// expect: 'restore' is inaccessible due to 'internal' protection level
import CommentsKit

@MainActor
func write(_ store: CommentsStore) {
    store.restore(CommentsState())
}
