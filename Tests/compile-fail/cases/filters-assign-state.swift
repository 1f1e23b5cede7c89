// Nor can its state be replaced from outside.
// expect: setter is inaccessible
import CommentsKit

@MainActor
func write(_ store: AnnotationFilterStore) {
    store.state = FilterState()
}
