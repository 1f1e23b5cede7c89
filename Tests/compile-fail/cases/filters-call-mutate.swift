// The filter store has no writer either (it was a StatefulStore, whose mutate was public).
// expect: has no member 'mutate'
import CommentsKit

@MainActor
func write(_ store: AnnotationFilterStore) {
    store.mutate { _ in }
}
