// The filter store has no writer either (it once had a public mutate).
// expect: has no member 'mutate'
import CommentsKit

@MainActor
func write(_ store: AnnotationFilterStore) {
    store.mutate { _ in }
}
