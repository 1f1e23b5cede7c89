// Nor batch.
// expect: has no member 'batch'
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.batch {}
}
